// The SurveyJS page of the large-form bench, bundled by esbuild at bench time (serve.ts), never run by
// node: a React root rendering SurveyJS's React UI over the model built from /survey.json (the converted
// flow and its values), with survey-core's default theme (the font-less build: nothing leaves 127.0.0.1).
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { Model } from 'survey-core';
import 'survey-core/survey-core.fontless.min.css';
import { Survey } from 'survey-react-ui';
import type { SurveyForm } from './convert';

const root = document.getElementById('root');
if (!root) throw new Error('the page has no #root');
void fetch('/survey.json')
  .then((res) => res.json() as Promise<SurveyForm>)
  .then((form) => {
    const model = new Model(form.json);
    model.data = form.data;
    createRoot(root).render(createElement(Survey, { model }));
  });
