// The chatbot script from the admin configuration, injected once and only when configured.
import type { AdminConfigurations } from '@originate/contract';

const MARK = 'data-originate-chatbot';

export function injectChatbot(config: Pick<AdminConfigurations, 'chatbotScriptUrl'>, doc: Document): boolean {
  const src = config.chatbotScriptUrl;
  if (!src || doc.querySelector(`script[${MARK}]`)) return false;
  const script = doc.createElement('script');
  script.src = src;
  script.async = true;
  script.setAttribute(MARK, '');
  doc.body.appendChild(script);
  return true;
}
