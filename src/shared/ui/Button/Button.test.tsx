import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

import { Button } from './Button';

const renderAt = (ui: React.ReactNode) =>
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={ui} />
        <Route path="/waybills" element={<p>Waybills page</p>} />
      </Routes>
    </MemoryRouter>,
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
});
