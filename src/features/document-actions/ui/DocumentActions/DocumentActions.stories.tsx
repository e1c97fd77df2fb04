import { translate } from '@timberlog/contract';
import type { Meta, StoryObj } from '@storybook/react';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';

import { initialSessionState } from '@/entities/session';
import { mockDb } from '@/shared/mock-db';

import { DocumentActions } from './DocumentActions';

const signedIn = { preloadedState: { session: { ...initialSessionState, accessToken: 'access', sessionInitialized: true } } };
const WAYBILL = mockDb.waybills[0]?.number ?? 'W-2026-000001';
const INVOICE = mockDb.invoices[0]?.number ?? 'I-2026-000001';

const meta = {
  title: 'features/document-actions/DocumentActions',
  component: DocumentActions,
  parameters: { store: signedIn },
  args: { record: 'waybills', number: WAYBILL },
} satisfies Meta<typeof DocumentActions>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A waybill: print and download its PDF; the mock answers a stand-in PDF. */
export const Waybill: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Documents' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Download PDF' }));
    await expect(await canvas.findByRole('button', { name: 'Download PDF' })).toBeEnabled();
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Download e-invoice (XML)' })).toBeNull();
  },
};

/** An invoice also offers its e-invoice (UBL XML). */
export const Invoice: Story = {
  args: { record: 'invoices', number: INVOICE, einvoice: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Download e-invoice (XML)' }));
    await expect(await canvas.findByRole('button', { name: 'Download e-invoice (XML)' })).toBeEnabled();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** While the server draws the document, the clicked button says so and every button waits. */
export const Loading: Story = {
  parameters: {
    msw: {
      handlers: {
        document: [
          http.get('*/api/waybills/:number/pdf/', () =>
            delay(300).then(() => new HttpResponse(new Uint8Array([37, 80, 68, 70]), { headers: { 'Content-Type': 'application/pdf' } })),
          ),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Print' }));
    await expect(await canvas.findByRole('button', { name: 'Preparing…' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Download PDF' })).toBeDisabled();
    await expect(await canvas.findByRole('button', { name: 'Print' })).toBeEnabled();
  },
};

/** A refusal is shown under the buttons (a 404 in the app's general words, with its code). */
export const Error: Story = {
  args: { number: 'W-2099-999999' },
  parameters: {
    msw: {
      handlers: {
        document: [
          http.get('*/api/waybills/:number/pdf/', () => HttpResponse.json({ detail: translate('en', 'notFound') }, { status: 404 })),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Download PDF' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('error 404');
  },
};

export const Estonian: Story = {
  args: { record: 'invoices', number: INVOICE, einvoice: true },
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Prindi' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Laadi alla PDF' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Laadi alla e-arve (XML)' })).toBeInTheDocument();
  },
};

export const Dark: Story = { args: { record: 'invoices', number: INVOICE, einvoice: true }, globals: { theme: 'dark' } };
