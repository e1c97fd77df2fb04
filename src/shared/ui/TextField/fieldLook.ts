import { expect } from 'storybook/test';

/** What a form field shows: its label, the box drawn around it, and the element holding its text. */
export interface FieldParts {
  readonly label: HTMLElement;
  readonly box: HTMLElement;
  readonly text: HTMLElement;
}

/**
 * For stories: a picker in a form looks like the text field beside it (label type, box height, text
 * size), as a user comparing them sees. Measured in a browser; jsdom lays nothing out and reads no
 * style sheet of ours, so there it checks nothing.
 */
export async function expectSameLookAsTextField(field: FieldParts, textField: FieldParts): Promise<void> {
  if (textField.box.getBoundingClientRect().height === 0) return;
  const labelStyle = getComputedStyle(field.label);
  const textFieldLabelStyle = getComputedStyle(textField.label);
  for (const property of ['fontSize', 'fontWeight', 'color'] as const) {
    await expect(labelStyle[property]).toBe(textFieldLabelStyle[property]);
  }
  await expect(field.box.getBoundingClientRect().height).toBeCloseTo(textField.box.getBoundingClientRect().height, 0);
  await expect(getComputedStyle(field.text).fontSize).toBe(getComputedStyle(textField.text).fontSize);
}
