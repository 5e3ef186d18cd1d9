// What the renderers that talk to the server need (uploads, signature, OTP, previews), handed down by
// context so the renderers stay thin and their tests inject fakes.
import type { CodeSentAnswer, SignatureAnswer, UploadedDocument } from '@originate/contract';
import { createContext, type ReactNode, useContext } from 'react';

export interface FieldServices {
  upload(file: File, fieldKey: string, onProgress: (fraction: number) => void): Promise<UploadedDocument>;
  remove(fileId: string): Promise<void>;
  fetchFile(fileId: string): Promise<Blob>;
  uploadSignature(dataURI: string): Promise<SignatureAnswer>;
  sendOtp(args: {
    fieldKey: string;
    type: 'SMS' | 'EMAIL';
    recipient: string;
    action: 'SEND_OTP' | 'RESEND_OTP';
  }): Promise<CodeSentAnswer>;
  verifyOtp(args: { fieldKey: string; code: string }): Promise<{ isVerified: boolean }>;
}

const FieldServicesContext = createContext<FieldServices | null>(null);

export function FieldServicesProvider({ services, children }: { services: FieldServices; children: ReactNode }) {
  return <FieldServicesContext.Provider value={services}>{children}</FieldServicesContext.Provider>;
}

export function useFieldServices(): FieldServices {
  const services = useContext(FieldServicesContext);
  if (!services) throw new Error('Field renderers need a FieldServicesProvider above them');
  return services;
}
