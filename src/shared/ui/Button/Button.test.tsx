import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';

import { renderWithProviders } from '../../../../tests/jest/render';

import { Button, BUTTON_VARIANTS } from './Button';

const renderAt = (ui: React.ReactNode) =>
  renderWithProviders(
    <Routes>
      <Route path="/" element={ui} />
      <Route path="/waybills" element={<p>Waybills page</p>} />
    </Routes>,
  );

describe('Button', () => {
  it('renders a <button type="button"> without a destination and calls onClick', async () => {
    const onClick = jest.fn();
    renderAt(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('does not call onClick when disabled', async () => {
    const onClick = jest.fn();
    renderAt(
      <Button onClick={onClick} disabled>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('renders a router link with a destination and navigates', async () => {
    renderAt(<Button to="/waybills">Open waybills</Button>);
    const link = screen.getByRole('link', { name: 'Open waybills' });
    expect(link).toHaveAttribute('href', '/waybills');
    await userEvent.click(link);
    expect(screen.getByText('Waybills page')).toBeInTheDocument();
  });

  it('renders a disabled link without href, announced as disabled, that does not navigate', async () => {
    renderAt(
      <Button to="/waybills" disabled>
        Open waybills
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Open waybills' });
    expect(link).not.toHaveAttribute('href');
    expect(link).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(link);
    expect(screen.queryByText('Waybills page')).not.toBeInTheDocument();
  });

  it('applies the variant class', () => {
    renderAt(<Button variant="danger">Delete</Button>);
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveClass('danger');
  });

  it('marks a disabled button with the disabled class beside its variant', () => {
    renderAt(
      <Button variant="safe" disabled>
        Confirm
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Confirm' });
    expect(button).toHaveClass('button', 'safe', 'disabled');
    expect(button).toBeDisabled();
  });
});

// CSS Modules are class names only under Jest, so the look of each variant is pinned in its
// stylesheet: the colour tokens per variant (product rules: Users and look) and a disabled state that looks it.
describe('Button styles', () => {
  const css = readFileSync(resolve(__dirname, 'Button.module.css'), 'utf8');
  /** The declarations of one exact selector, as `property: value` lines. */
  const rule = (selector: string): string[] => {
    const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const match = new RegExp(`(?:^|\\n)${escaped}\\s*\\{([^}]*)\\}`).exec(css);
    if (!match?.[1]) throw new Error(`No rule for ${selector}`);
    return match[1]
      .split(';')
      .map((declaration) => declaration.replace(/\s+/g, ' ').trim())
      .filter(Boolean);
  };

  it.each([
    ['primary', ['background: var(--color-primary)', 'color: var(--color-on-primary)'], 'var(--color-primary-hover)'],
    [
      'secondary',
      ['background: var(--color-surface)', 'border-color: var(--color-border-strong)', 'color: var(--color-text)'],
      'var(--color-surface-hover)',
    ],
    ['danger', ['background: var(--color-danger)', 'color: var(--color-on-danger)'], 'var(--color-danger-hover)'],
    ['safe', ['background: var(--color-safe)', 'color: var(--color-on-safe)'], 'var(--color-safe-hover)'],
    ['minimal', ['background: transparent', 'color: var(--color-text)'], 'var(--color-surface-hover)'],
  ])('%s has its colours and a hover that a disabled button does not get', (variant, declarations, hover) => {
    expect(rule(`.${variant}`)).toEqual(declarations);
    expect(rule(`.${variant}:hover:not(.disabled)`)).toEqual([`background: ${hover}`]);
  });

  it('styles every variant the component offers, and no other', () => {
    const styled = [...css.matchAll(/^\.([a-z]+) \{/gm)].map(([, name]) => name);
    expect(styled.filter((name) => !['button', 'sm', 'icon', 'disabled'].includes(name ?? '')).sort()).toEqual([...BUTTON_VARIANTS].sort());
  });

  it('shows the disabled state: dimmed, with a not-allowed cursor', () => {
    expect(rule('.disabled')).toEqual(['cursor: not-allowed', 'opacity: 0.55']);
  });
});
