// A letter's layout, as the document worker runs it (README "Templates and letters", PDF block syntax): the
// rendered template text read as blocks (`# ` heading, `## ` subheading, `| a | b |` table rows, `---` page
// break, blank lines between paragraphs) and laid out with pdfmake on A4 under the bank's letterhead in its theme
// colours. Devanagari runs are set in Noto Sans Devanagari, the rest in Roboto (which has ₹). pdfmake may read
// only those font files and fetch no URL: a template names no image or file.
import { createRequire } from 'node:module';
import path from 'node:path';
import { PDF_BLOCK_SYNTAX } from '@originate/contract';
import pdfmake from 'pdfmake';

export interface LetterInput {
  /** The rendered template text (plain, values filled in). */
  text: string;
  title: string;
  /** Theme colours (#rrggbb): the letterhead, headings and table header. */
  colors: { primary: string; secondary: string; text: string; muted: string };
  bank: { name: string; address: string; phone: string; email: string };
  /** Printed in the footer of every page (the application's number). */
  reference: string;
  /**
   * The PDF's creation date, from which its file id is also made: the same letter with the same date is the
   * same bytes (one blob however often it is asked for).
   */
  date: Date;
  maxPages: number;
}

export class LetterTooLong extends Error {}

const require = createRequire(import.meta.url);
const roboto = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
const devanagari = {
  regular: require.resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff'),
  bold: require.resolve('@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff'),
};
const FONTS = {
  Roboto: {
    normal: path.join(roboto, 'Roboto-Regular.ttf'),
    bold: path.join(roboto, 'Roboto-Medium.ttf'),
    italics: path.join(roboto, 'Roboto-Italic.ttf'),
    bolditalics: path.join(roboto, 'Roboto-MediumItalic.ttf'),
  },
  Devanagari: {
    normal: devanagari.regular,
    bold: devanagari.bold,
    italics: devanagari.regular,
    bolditalics: devanagari.bold,
  },
};
const FONT_FILES = new Set(Object.values(FONTS).flatMap((f) => Object.values(f)));
pdfmake.setFonts(FONTS);
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file: string) => FONT_FILES.has(path.resolve(file)));

/** Devanagari letters, signs and digits, with the joiners that shape them. */
const DEVANAGARI = /[\u0900-\u097F\u1CD0-\u1CFF\uA8E0-\uA8FF\u200C\u200D]/;
const DEVANAGARI_ANYWHERE = /[\u0900-\u097F\u1CD0-\u1CFF\uA8E0-\uA8FF]/;

type Run = { text: string; font?: string; bold?: boolean };

/**
 * Text split into runs by script, so each is set in a font that has its glyphs; text without Devanagari stays
 * one string in the default font (most cells of a schedule: pdfmake measures a string faster than runs).
 */
function scriptRuns(text: string, bold = false): Run[] | string {
  if (!DEVANAGARI_ANYWHERE.test(text)) return text;
  const runs: Run[] = [];
  for (const char of text) {
    const font = DEVANAGARI.test(char) ? 'Devanagari' : 'Roboto';
    const last = runs[runs.length - 1];
    if (last && last.font === font) last.text += char;
    else runs.push({ text: char, font, ...(bold ? { bold } : {}) });
  }
  return runs;
}

type Block =
  | { kind: 'heading' | 'subheading' | 'paragraph'; text: string; breakBefore: boolean }
  | { kind: 'table'; rows: string[][]; breakBefore: boolean };

const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());

/** The blocks of a letter's text, line by line (contract PDF_BLOCK_SYNTAX). */
function letterBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let table: string[][] | null = null;
  let breakBefore = false;
  const close = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join('\n'), breakBefore });
    else if (table) blocks.push({ kind: 'table', rows: table, breakBefore });
    else return;
    paragraph = [];
    table = null;
    breakBefore = false;
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trimEnd();
    const trimmed = line.trim();
    if (trimmed.startsWith(PDF_BLOCK_SYNTAX.tableRow)) {
      if (!table) close();
      const cells = cellsOf(trimmed);
      // A Markdown-style separator row (|---|:---:|) draws nothing.
      table ??= [];
      if (!cells.every((cell) => /^:?-{2,}:?$/.test(cell))) table.push(cells);
      continue;
    }
    if (table) close();
    if (trimmed === PDF_BLOCK_SYNTAX.pageBreak) {
      close();
      breakBefore = true;
    } else if (trimmed.startsWith(PDF_BLOCK_SYNTAX.subheading)) {
      close();
      blocks.push({ kind: 'subheading', text: trimmed.slice(PDF_BLOCK_SYNTAX.subheading.length), breakBefore });
      breakBefore = false;
    } else if (trimmed.startsWith(PDF_BLOCK_SYNTAX.heading)) {
      close();
      blocks.push({ kind: 'heading', text: trimmed.slice(PDF_BLOCK_SYNTAX.heading.length), breakBefore });
      breakBefore = false;
    } else if (trimmed === '') {
      close();
    } else {
      paragraph.push(trimmed);
    }
  }
  close();
  return blocks;
}

/** A right-aligned column holds amounts: every body cell starts with a currency or a digit. */
const isNumeric = (rows: readonly string[][], column: number) =>
  rows.slice(1).every((row) => /^(?:₹|Rs\.|-)?\s?[0-9]/.test(row[column] ?? '') || (row[column] ?? '') === '');

function tableContent(rows: string[][], colors: LetterInput['colors']) {
  const width = Math.max(...rows.map((row) => row.length));
  const numeric = Array.from({ length: width }, (_, column) => isNumeric(rows, column));
  const body = rows.map((row, r) =>
    Array.from({ length: width }, (_, column) => ({
      text: scriptRuns(row[column] ?? '', r === 0),
      ...(r === 0 ? { bold: true } : {}),
      alignment: numeric[column] && r > 0 ? 'right' : 'left',
      ...(r === 0 ? { color: '#ffffff', fillColor: colors.primary } : {}),
    })),
  );
  return {
    table: { headerRows: rows.length > 1 ? 1 : 0, dontBreakRows: true, widths: Array(width).fill('*'), body },
    layout: {
      hLineColor: () => '#d0d7de',
      vLineColor: () => '#d0d7de',
      hLineWidth: () => 0.5,
      vLineWidth: () => 0.5,
      fillColor: (row: number) => (row > 0 && row % 2 === 0 ? '#f6f8fa' : null),
      paddingTop: () => 3,
      paddingBottom: () => 3,
    },
    fontSize: 9,
    margin: [0, 4, 0, 10],
  };
}

/** The letter as a PDF (A4), and its page count; LetterTooLong past maxPages. */
export async function layoutLetter(input: LetterInput): Promise<{ bytes: Uint8Array; pageCount: number }> {
  const { colors, bank } = input;
  let pageCount = 0;
  const content = letterBlocks(input.text).map((block) => {
    const pageBreak = block.breakBefore ? { pageBreak: 'before' } : {};
    if (block.kind === 'table') return { ...tableContent(block.rows, colors), ...pageBreak };
    if (block.kind === 'heading') {
      return {
        text: scriptRuns(block.text, true),
        fontSize: 15,
        color: colors.primary,
        margin: [0, 6, 0, 8],
        ...pageBreak,
      };
    }
    if (block.kind === 'subheading') {
      return {
        text: scriptRuns(block.text, true),
        fontSize: 11.5,
        color: colors.secondary,
        margin: [0, 6, 0, 4],
        ...pageBreak,
      };
    }
    return { text: scriptRuns(block.text), margin: [0, 0, 0, 8], ...pageBreak };
  });
  const document = pdfmake.createPdf({
    pageSize: 'A4',
    pageMargins: [50, 88, 50, 64],
    info: { title: input.title, author: bank.name, creator: bank.name, creationDate: input.date },
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.25, color: colors.text },
    header: () => ({
      margin: [50, 28, 50, 0],
      stack: [
        { text: scriptRuns(bank.name, true), bold: true, fontSize: 16, color: colors.primary },
        { text: scriptRuns(bank.address), fontSize: 8, color: colors.muted, margin: [0, 2, 0, 6] },
        { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 495, y2: 0, lineWidth: 2, lineColor: colors.secondary }] },
      ],
    }),
    footer: (page: number, pages: number) => {
      pageCount = pages;
      if (pages > input.maxPages) throw new LetterTooLong(`has ${pages} pages: the limit is ${input.maxPages}`);
      return {
        margin: [50, 20, 50, 0],
        columns: [
          {
            text: scriptRuns(`${bank.phone} · ${bank.email} · ${input.reference}`),
            fontSize: 7.5,
            color: colors.muted,
          },
          { text: `Page ${page} of ${pages}`, alignment: 'right', fontSize: 7.5, color: colors.muted, width: 80 },
        ],
      };
    },
    content,
  });
  const bytes: Buffer = await document.getBuffer();
  return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), pageCount };
}
