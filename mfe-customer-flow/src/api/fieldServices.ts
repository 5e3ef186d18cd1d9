// The renderers' server calls, bound to the application (created by a first save when needed).
import type { FieldServices } from '../ui/fields/services';
import { fetchDocument, removeDocument, sendOtp, uploadDocument, uploadSignature, verifyOtp } from './flow';

export function flowFieldServices(ensureApplication: () => Promise<string>): FieldServices {
  return {
    async upload(file, fieldKey, onProgress) {
      const applicationId = await ensureApplication();
      return uploadDocument(file, { applicationId, fieldKey, onProgress });
    },
    async remove(fileId) {
      await removeDocument(fileId, await ensureApplication());
    },
    fetchFile: fetchDocument,
    async uploadSignature(dataURI) {
      return uploadSignature(dataURI, await ensureApplication());
    },
    async sendOtp(args) {
      return sendOtp({ ...args, applicationId: await ensureApplication() });
    },
    async verifyOtp(args) {
      return verifyOtp({ ...args, applicationId: await ensureApplication() });
    },
  };
}
