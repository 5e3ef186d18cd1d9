// The server's translations, through the web package's one http client.
import { API_PATHS, type TranslateAnswer } from '@originate/contract';
import { api } from '@originate/web';

/** POST /v3/translation/translate: the texts' translations into lang, by text. */
export async function translate(texts: readonly string[], lang: string): Promise<Record<string, string>> {
  return (await api.post<TranslateAnswer>(API_PATHS.translate, { texts }, { searchParams: { lang } })).translations;
}
