import { reportError } from '@originate/web';

/** Saves the bytes under the file's name (the browser's download); a failure is reported, not thrown. */
export async function saveDownload(bytes: () => Promise<Blob>, fileName: string): Promise<void> {
  try {
    const url = URL.createObjectURL(await bytes());
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    a.click();
    URL.revokeObjectURL(url);
  } catch (error) {
    reportError(error);
  }
}
