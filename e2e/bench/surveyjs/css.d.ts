// The page's stylesheet (page.ts), bundled by esbuild at bench time: the typecheck checks that side-effect imports
// resolve (noUncheckedSideEffectImports, TypeScript 7's default), and a stylesheet has no types of its own.
declare module 'survey-core/survey-core.fontless.min.css';
