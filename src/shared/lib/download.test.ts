import { DOWNLOAD_FRAME_LIFETIME_MS, downloadFile } from './download';

describe('downloadFile', () => {
  afterEach(() => jest.useRealTimers());

  it('gives each file its own hidden frame, so files that finish together all arrive, and removes the frames later', () => {
    jest.useFakeTimers();
    const before = window.location.href;
    void downloadFile('http://localhost/api/export-requests/a/download/?token=1');
    void downloadFile('http://localhost/api/export-requests/b/download/?token=2');
    const frames = [...document.querySelectorAll('iframe')];
    expect(frames.map((frame) => frame.src)).toEqual([
      'http://localhost/api/export-requests/a/download/?token=1',
      'http://localhost/api/export-requests/b/download/?token=2',
    ]);
    expect(frames.every((frame) => frame.hidden)).toBe(true);
    expect(window.location.href).toBe(before);

    jest.advanceTimersByTime(DOWNLOAD_FRAME_LIFETIME_MS);
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
  });
});
