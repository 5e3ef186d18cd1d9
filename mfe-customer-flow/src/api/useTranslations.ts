// Label translation when the admin feature MultiLingual is on (spec §6, §7): field labels come translated
// from componentsConfigs?lang, the flow's other texts (names of sections and steps, headings) from
// translate?lang. Whether MultiLingual is on is what the public translate route answers: with the feature
// off it translates nothing, and the language picker stays hidden.
import type { FieldConfig } from '@originate/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { fetchComponents, translate } from './flow';
import { flowKeys } from './keys';
import type { FlowSetup } from './loadFlow';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'hi', label: 'हिन्दी' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];
const BASE_LANGUAGE: LanguageCode = 'en';

function flowTexts(setup: FlowSetup): string[] {
  const texts = new Set<string>([setup.flow.flowName]);
  for (const section of setup.flow.sections) {
    texts.add(section.display_name);
    for (const sub of section.sub_sections) texts.add(sub.display_name);
  }
  for (const component of setup.components.values()) {
    for (const element of component.layout ?? []) if (element.text) texts.add(element.text);
    for (const field of component.fields) if (field.microflow?.label) texts.add(field.microflow.label);
  }
  return [...texts];
}

export function useTranslations(setup: FlowSetup | undefined, lang: LanguageCode) {
  const texts = useMemo(() => (setup ? flowTexts(setup) : []), [setup]);
  const other = LANGUAGES.find((l) => l.code !== BASE_LANGUAGE)?.code ?? BASE_LANGUAGE;
  const probe = useQuery({
    queryKey: flowKeys.multilingual(setup?.flow.flowId, other),
    queryFn: () => translate(texts.slice(0, 20), other),
    enabled: setup !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const available = Object.keys(probe.data ?? {}).length > 0;
  const active = available && lang !== BASE_LANGUAGE;
  const translated = useQuery({
    queryKey: flowKeys.translate(setup?.flow.flowId, lang),
    queryFn: () => translate(texts, lang),
    enabled: active,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const labels = useQuery({
    queryKey: flowKeys.labels(setup?.flow.flowId, lang),
    queryFn: async () => {
      const components = await fetchComponents([...(setup?.components.keys() ?? [])], lang);
      return new Map(components.flatMap((c) => c.fields.map((f) => [`${c.componentId}/${f.key}`, f.label] as const)));
    },
    enabled: active,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const byKey = useMemo(() => {
    const map = new Map<string, string>();
    for (const [key, label] of labels.data ?? []) map.set(key.slice(key.indexOf('/') + 1), label);
    return map;
  }, [labels.data]);
  const t = useCallback(
    (text: string) => (active ? (translated.data?.[text] ?? text) : text),
    [active, translated.data],
  );
  const labelOf = useCallback(
    (field: FieldConfig) => (active ? (byKey.get(field.key) ?? field.label) : field.label),
    [active, byKey],
  );
  return { available, translate: t, labelOf, lang: active ? lang : undefined };
}
