import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One declaration of a CSS Module rule, read from the file (jsdom applies no module styles). */
const declaration = (file: string, selector: string, property: string): string | undefined => {
  const css = readFileSync(join(__dirname, file), 'utf8');
  const body = new RegExp(`(?:^|\\n)\\${selector}\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? '';
  return new RegExp(`(?:^|[;\\s])${property}:\\s*([^;]+);`).exec(body)?.[1]?.trim();
};

describe('Combobox styles', () => {
  it('label and box match the text field beside it in a form', () => {
    for (const property of ['font-size', 'font-weight', 'color']) {
      expect(declaration('Combobox.module.css', '.label', property)).toBe(
        declaration('../TextField/TextField.module.css', '.label', property),
      );
    }
    expect(declaration('Combobox.module.css', '.control', 'min-height')).toBe(
      declaration('../TextField/TextField.module.css', '.input', 'min-height'),
    );
    expect(declaration('Combobox.module.css', '.input', 'font-size')).toBe(
      declaration('../TextField/TextField.module.css', '.input', 'font-size'),
    );
  });
});
