// The look of every form control, as one stylesheet over native elements (no styled component per field):
// mounting a 500-field step then costs a few DOM nodes per field instead of MUI's twenty-odd styled
// components, which is what kept a large step from showing quickly on a slow phone. The colours, font and
// radius come from the MUI theme (the flow's own colours included) as CSS variables on the form's root.
import type { Theme } from '@mui/material/styles';

/** The class of the element that carries the variables: every field is inside one. */
export const FORM_CLASS = 'of-form';

const CHEVRON =
  "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath fill='%23757575' d='M7 10l5 5 5-5z'/%3E%3C/svg%3E\")";

export function fieldVariables(theme: Theme): Record<string, string> {
  const dark = theme.palette.mode === 'dark';
  return {
    '--of-primary': theme.palette.primary.main,
    '--of-error': theme.palette.error.main,
    '--of-text': theme.palette.text.primary,
    '--of-text2': theme.palette.text.secondary,
    '--of-disabled': theme.palette.text.disabled,
    '--of-border': dark ? 'rgba(255,255,255,0.23)' : 'rgba(0,0,0,0.23)',
    '--of-hover': dark ? 'rgba(255,255,255,0.08)' : 'rgba(0,0,0,0.04)',
    '--of-bg': theme.palette.background.paper,
    '--of-radius': `${theme.shape.borderRadius}px`,
    '--of-font': String(theme.typography.fontFamily),
  };
}

/**
 * `of-chunk`: a run of top-level fields (FIELDS_PER_CHUNK). Off the screen it skips layout and paint
 * (content-visibility: auto), so a keystroke that shows, hides or recomputes fields far down a long step
 * costs only what is on the screen; `auto` keeps the last measured height, so the page does not jump as
 * fields scroll in. A run, not each field: every contained box is a paint layer, and each frame after a
 * keystroke's layout hit-tests the layers under the pointer and checks each box's intersection with the
 * screen (500 of them cost a millisecond a frame at full CPU speed). Paint containment would clip what a
 * field draws outside its box (a focus ring): overflow-clip-margin lets that show, and a browser without
 * it skips nothing. A run whose fields are all hidden takes no room (no gap of its own).
 */
export const FIELD_CSS = `
.of-form{display:flex;flex-direction:column;gap:20px;font-family:var(--of-font)}
.of-form [hidden]{display:none!important}
.of-chunk{display:flex;flex-direction:column;gap:20px}
.of-chunk:not(:has(>:not([hidden]))){display:none}
@supports (overflow-clip-margin:1px){.of-chunk{content-visibility:auto;contain-intrinsic-size:auto 1800px;overflow-clip-margin:16px}}
.of-layout-row{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}
.of-layout-column{display:flex;flex-direction:column;gap:16px}
.of-layout-cell{min-width:0;flex:1 1 100%}
@media (min-width:600px){.of-layout-cell{flex:var(--of-flex,1 1 0)}}
.of-field{display:flex;flex-direction:column;gap:4px;min-width:0;margin:0;padding:0;border:0}
.of-label{padding:0;font-size:0.875rem;font-weight:500;line-height:1.4;color:var(--of-text)}
.of-box{display:flex;align-items:center;min-height:44px;box-sizing:border-box;border:1px solid var(--of-border);border-radius:var(--of-radius);background:var(--of-bg)}
.of-box:hover{border-color:var(--of-text)}
.of-box:focus-within{border-color:var(--of-primary);box-shadow:0 0 0 1px var(--of-primary)}
.of-input{flex:1 1 auto;min-width:0;box-sizing:border-box;margin:0;border:0;outline:0;background:none;color:var(--of-text);font:inherit;font-size:1rem;line-height:1.4375em;padding:10px 14px}
.of-input::placeholder{color:var(--of-text2);opacity:0.7}
textarea.of-input{resize:vertical;field-sizing:content;min-height:calc(var(--of-rows,3) * 1.4375em + 20px)}
select.of-input{appearance:none;cursor:pointer;padding-right:36px;background:${CHEVRON} no-repeat right 8px center/24px 24px}
.of-adorn{padding-left:14px;color:var(--of-text2);white-space:nowrap}
.of-adorn+.of-input{padding-left:6px}
.of-adorn-end{padding:0 14px 0 0;color:var(--of-text2)}
.of-helper{margin:0 2px;font-size:0.75rem;line-height:1.66;color:var(--of-text2)}
.of-field[data-invalid] .of-label,.of-field[data-invalid] .of-helper{color:var(--of-error)}
.of-field[data-invalid] .of-box{border-color:var(--of-error)}
.of-field[data-invalid] .of-box:focus-within{box-shadow:0 0 0 1px var(--of-error)}
.of-field[data-disabled] .of-box{border-style:dotted}
.of-field[data-disabled] .of-box:hover{border-color:var(--of-border)}
.of-input:disabled{color:var(--of-disabled);-webkit-text-fill-color:var(--of-disabled);cursor:default}
.of-choices{display:flex;flex-wrap:wrap;gap:0 20px}
.of-choice{display:inline-flex;align-items:center;gap:10px;min-height:40px;font-size:1rem;color:var(--of-text);cursor:pointer}
.of-choice input{flex:none;width:18px;height:18px;margin:0;accent-color:var(--of-primary);cursor:inherit}
.of-choice input:disabled,.of-choice:has(input:disabled){cursor:default;color:var(--of-disabled)}
.of-choice input:focus-visible,.of-step:focus-visible,.of-range:focus-visible{outline:2px solid var(--of-primary);outline-offset:2px}
.of-switch{appearance:none;position:relative;width:36px!important;height:20px!important;border-radius:10px;background:var(--of-border)}
.of-switch::before{content:'';position:absolute;top:2px;left:2px;width:16px;height:16px;border-radius:50%;background:#fff;box-shadow:0 1px 2px rgba(0,0,0,0.4)}
.of-switch:checked{background:var(--of-primary)}
.of-switch:checked::before{left:18px}
.of-range{width:100%;margin:6px 0;accent-color:var(--of-primary)}
.of-range-pair{position:relative;height:32px}
.of-range-pair::before{content:'';position:absolute;left:0;right:0;top:14px;height:4px;border-radius:2px;background:var(--of-border)}
.of-range-span{position:absolute;top:14px;height:4px;border-radius:2px;background:var(--of-primary)}
.of-range-pair .of-range{position:absolute;inset:0;margin:0;height:32px;appearance:none;background:none;pointer-events:none}
.of-range-pair .of-range::-webkit-slider-runnable-track{appearance:none;background:none;height:32px}
.of-range-pair .of-range::-webkit-slider-thumb{appearance:none;pointer-events:auto;width:18px;height:18px;margin-top:7px;border-radius:50%;background:var(--of-primary);cursor:pointer}
.of-range-pair .of-range::-moz-range-thumb{pointer-events:auto;width:18px;height:18px;border:0;border-radius:50%;background:var(--of-primary);cursor:pointer}
.of-value{font-weight:600}
.of-step{flex:none;display:inline-flex;align-items:center;justify-content:center;width:40px;height:40px;margin:0 2px;padding:0;border:0;border-radius:50%;background:none;color:var(--of-text2);font:inherit;font-size:1.4rem;line-height:1;cursor:pointer}
.of-step:hover:not(:disabled){background:var(--of-hover)}
.of-step:disabled{color:var(--of-disabled);cursor:default}
.of-step+.of-input,.of-input+.of-step{text-align:center}
.of-pick{flex:none;margin-right:4px}
`;

/** Container tables: a row is a fieldset of cells in a grid that wraps as the screen narrows. */
export const TABLE_CSS = `
.of-row{position:relative;margin:0;padding:12px 16px 16px;border:1px solid var(--of-border);border-radius:var(--of-radius)}
.of-row>legend{padding:0 4px;font-size:0.875rem;font-weight:600;color:var(--of-text)}
.of-row-remove{position:absolute;top:2px;right:6px}
.of-cells{display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(min(100%,200px),1fr))}
`;
