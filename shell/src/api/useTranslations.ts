import { useQuery } from '@tanstack/react-query';
import { translationKeys } from './keys';
import { translate } from './translations';

/** The texts' translations into lang, asked only while enabled; kept for the page's life. */
export function useTranslations(texts: readonly string[], lang: string, enabled: boolean) {
  return useQuery({
    queryKey: translationKeys.texts(lang, texts),
    queryFn: () => translate(texts, lang),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
