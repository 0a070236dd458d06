/**
 * Test helpers that look inside a PDF with the tools a reader would use: poppler's pdftotext and pdftoppm (Debian
 * package poppler-utils, installed by .ci/run). Not a spec file: shared by the PDF specs.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function hasCommand(command: string): boolean {
  try {
    execFileSync('which', [command], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function withFile<T>(pdf: Buffer, work: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'cans-pdf-'));
  try {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    return work(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of the PDF, laid out (pdftotext -layout). */
export function pdfText(pdf: Buffer): string {
  return withFile(pdf, (file) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }));
}

/** Number of pages (pdfinfo). */
export function pdfPageCount(pdf: Buffer): number {
  return withFile(pdf, (file) => {
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    return Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
  });
}

/** Renders the first page to PNG (pdftoppm) and returns the PNG bytes. */
export function firstPagePng(pdf: Buffer): Buffer {
  return withFile(pdf, (file, dir) => {
    execFileSync('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '1', '-singlefile', file, join(dir, 'page')]);
    return readFileSync(join(dir, 'page.png'));
  });
}

/** Width and height of a PNG, from its IHDR chunk. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.subarray(1, 4).toString('latin1') !== 'PNG') throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
