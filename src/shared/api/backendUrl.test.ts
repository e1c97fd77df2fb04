import { resolveApiUrl } from './backendUrl';

describe('resolveApiUrl', () => {
  it('resolves a relative address against the API origin', () => {
    expect(resolveApiUrl('/api/export-requests/1/download_attachment/?token=t', 'http://localhost:8080')).toBe(
      'http://localhost:8080/api/export-requests/1/download_attachment/?token=t',
    );
  });

  it('uses the page origin when the API shares it', () => {
    expect(resolveApiUrl('/api/x/', '')).toBe(`${window.location.origin}/api/x/`);
  });

  it('keeps an absolute address as it is', () => {
    expect(resolveApiUrl('https://timberlog.example.com/api/x/', 'http://localhost:8080')).toBe('https://timberlog.example.com/api/x/');
  });
});
