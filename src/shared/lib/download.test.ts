import { DOWNLOAD_FRAME_LIFETIME_MS, downloadFile } from './download';
import { FILE_URL_LIFETIME_MS, openFile, saveFile } from './files';

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

describe('saveFile and openFile', () => {
  afterEach(() => jest.useRealTimers());

  it('saves a fetched file under its name through a link that leaves no trace, and releases its address later', () => {
    jest.useFakeTimers();
    const revoke = jest.fn();
    Object.defineProperty(URL, 'revokeObjectURL', { value: revoke, configurable: true });
    const clicked: { href: string; download: string }[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    saveFile('blob:http://localhost/1', 'W-2026-000001.pdf');
    saveFile('', 'nothing.pdf');
    expect(clicked).toEqual([{ href: 'blob:http://localhost/1', download: 'W-2026-000001.pdf' }]);
    expect(document.querySelectorAll('a')).toHaveLength(0);
    expect(revoke).not.toHaveBeenCalled();
    jest.advanceTimersByTime(FILE_URL_LIFETIME_MS);
    expect(revoke).toHaveBeenCalledWith('blob:http://localhost/1');
    click.mockRestore();
  });

  it('opens a PDF in a new tab, and saves it instead when the browser refuses the tab', () => {
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const open = jest
      .spyOn(window, 'open')
      .mockReturnValueOnce({} as Window)
      .mockReturnValueOnce(null);
    expect(openFile('blob:http://localhost/2', 'a.pdf')).toBe(true);
    expect(click).not.toHaveBeenCalled();
    expect(openFile('blob:http://localhost/3', 'b.pdf')).toBe(false);
    expect(click).toHaveBeenCalledTimes(1);
    open.mockRestore();
    click.mockRestore();
  });
});
