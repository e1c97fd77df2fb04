/** The part of fontkit (pdfkit's font reader, without its own type declarations) that pdf.ts uses. */
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Buffer): Font;
}
