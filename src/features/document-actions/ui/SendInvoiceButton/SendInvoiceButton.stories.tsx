import { changeTime, pickLocale, translate, versionConflictDetail } from '@timberlog/contract';
import type { Meta, StoryObj } from '@storybook/react';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';

import { initialSessionState } from '@/entities/session';
import { mockDb, mockInvoice } from '@/shared/mock-db';

import { SendInvoiceButton } from './SendInvoiceButton';

const signedIn = { preloadedState: { session: { ...initialSessionState, accessToken: 'access', sessionInitialized: true } } };
const first = mockDb.invoices[0];
const NUMBER = first?.number ?? 'I-2026-000001';
const invoice = {
  number: NUMBER,
  version: first?.version ?? 1,
  customerName: first?.customerName ?? 'Järva Saeveski AS',
  sentAt: null,
  sentTo: null,
};
const sentBefore = { ...invoice, sentAt: '2026-11-20T09:14:00Z', sentTo: 'arved@jarva.ee' };

const meta = {
  title: 'features/document-actions/SendInvoiceButton',
  component: SendInvoiceButton,
  parameters: { store: signedIn },
  args: { invoice },
} satisfies Meta<typeof SendInvoiceButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Asks first, then sends; the dialog closes when the server has sent it. */
export const FirstSend: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send to customer' }));
    const dialog = within(await within(document.body).findByRole('dialog'));
    await expect(dialog.getByRole('heading', { name: `Send invoice ${NUMBER} to the customer?` })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
    await expect(await within(canvasElement).findByRole('button', { name: 'Send to customer' })).toBeEnabled();
  },
};

/** While the mail goes out, the dialog stays and its buttons wait. */
export const Sending: Story = {
  parameters: {
    msw: {
      handlers: {
        document: [
          http.post('*/api/invoices/:number/send/', () =>
            delay(300).then(() =>
              HttpResponse.json(mockInvoice({ number: NUMBER, sentAt: '2026-11-25T08:00:00Z', sentTo: 'arved@jarva.ee' })),
            ),
          ),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Send to customer' }));
    const dialog = within(await within(document.body).findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
    await expect(await dialog.findByRole('button', { name: 'Sending…' })).toBeDisabled();
  },
};

/** Sent before: the page says when and where, and the dialog asks whether to send it a second time (force). */
export const SentBeforeAsksFirst: Story = {
  args: { invoice: sentBefore },
  parameters: {
    msw: {
      handlers: {
        document: [
          http.post('*/api/invoices/:number/send/', ({ request }) =>
            new URL(request.url).searchParams.get('force') === 'true'
              ? HttpResponse.json(mockInvoice({ number: NUMBER, sentAt: '2026-11-25T08:00:00Z', sentTo: 'arved@jarva.ee' }))
              : HttpResponse.json({ detail: 'This invoice was already sent.', code: 'already_sent' }, { status: 409 }),
          ),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Sent to arved@jarva\.ee/)).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Send to customer' }));
    const dialog = within(await within(document.body).findByRole('dialog'));
    await expect(dialog.getByRole('heading', { name: `Send invoice ${NUMBER} again?` })).toBeInTheDocument();
    await expect(dialog.getByText(/already sent to arved@jarva\.ee/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Send again' }));
    await expect(dialog.queryByRole('alert')).toBeNull();
  },
};

/** The server refuses the sending with a 409 of `code`, in the words `detail` gives for the request's language. */
const refused409 = (code: string, detail: (locale: ReturnType<typeof pickLocale>) => string) => ({
  msw: {
    handlers: {
      document: [
        http.post('*/api/invoices/:number/send/', ({ request }) =>
          HttpResponse.json({ detail: detail(pickLocale(request.headers.get('accept-language'))), code }, { status: 409 }),
        ),
      ],
    },
  },
});

/** Opens the dialog, sends, and answers the dialog's alert once the server has answered. */
const sendAndReadAlert = async (canvasElement: HTMLElement) => {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Send to customer' }));
  const dialog = within(await within(document.body).findByRole('dialog'));
  await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
  return { dialog, alert: await dialog.findByRole('alert') };
};

/** Someone sent it while the page was open: the server's 409 turns the dialog into "send again". */
export const SentMeanwhile: Story = {
  parameters: refused409('already_sent', (locale) =>
    translate(locale, 'invoice.alreadySent', { to: 'arved@jarva.ee', time: changeTime(locale, '2026-11-20T09:14:00Z') }),
  ),
  play: async ({ canvasElement }) => {
    const { dialog, alert } = await sendAndReadAlert(canvasElement);
    await expect(alert).toHaveTextContent('sent this invoice meanwhile');
    await expect(dialog.getByRole('button', { name: 'Send again' })).toBeEnabled();
  },
};

/** Someone's sending of it is under way: the dialog says so and does not turn into "send again". */
export const SendingUnderWay: Story = {
  parameters: refused409('send_in_progress', (locale) => translate(locale, 'invoice.sendInProgress')),
  play: async ({ canvasElement }) => {
    const { dialog, alert } = await sendAndReadAlert(canvasElement);
    await expect(alert).toHaveTextContent('sending this invoice right now');
    await expect(dialog.getByRole('button', { name: 'Send' })).toBeEnabled();
  },
};

/**
 * Someone changed the invoice since the page showed it: the server sends nothing (412) and the
 * dialog says who changed it; the version the user saw went as If-Match.
 */
export const ChangedMeanwhile: Story = {
  parameters: {
    msw: {
      handlers: {
        document: [
          http.post('*/api/invoices/:number/send/', ({ request }) =>
            request.headers.get('if-match') === `"${invoice.version}"`
              ? HttpResponse.json(
                  {
                    detail: versionConflictDetail(pickLocale(request.headers.get('accept-language')), 'Mari Mets', '2026-11-25T08:02:00Z'),
                    current: mockInvoice({
                      number: NUMBER,
                      version: invoice.version + 1,
                      sentAt: '2026-11-25T08:02:00Z',
                      sentTo: 'arved@jarva.ee',
                    }),
                  },
                  { status: 412 },
                )
              : HttpResponse.json({ detail: 'If-Match missing.' }, { status: 400 }),
          ),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Send to customer' }));
    const dialog = within(await within(document.body).findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
    const alert = await dialog.findByRole('alert');
    await expect(alert).toHaveTextContent('Mari Mets changed this record at 25/11/2026, 10:02, after you opened it.');
    await expect(alert).toHaveTextContent('The invoice is now shown as it is');
  },
};

/** The same refusal in Estonian. */
export const ChangedMeanwhileEstonian: Story = {
  ...ChangedMeanwhile,
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Saada kliendile' }));
    const dialog = within(await within(document.body).findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Saada' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('Arve on nüüd näha sellisena, nagu see on');
  },
};

/** A customer without an email address: the server's refusal, in the dialog. */
export const NoEmailRefused: Story = {
  parameters: {
    msw: {
      handlers: {
        document: [
          http.post('*/api/invoices/:number/send/', () =>
            HttpResponse.json(
              { nonFieldErrors: ['The customer Järva Saeveski AS has no email address: add it to the company first.'] },
              { status: 400 },
            ),
          ),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Send to customer' }));
    const dialog = within(await within(document.body).findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('has no email address');
  },
};

/** The mail server did not take it (503): the dialog stays, saying so. */
export const MailServerDown: Story = {
  parameters: {
    msw: {
      handlers: {
        document: [
          http.post('*/api/invoices/:number/send/', () =>
            HttpResponse.json(
              { detail: 'The invoice could not be sent: the mail server did not take it. Try again later.' },
              { status: 503 },
            ),
          ),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Send to customer' }));
    const dialog = within(await within(document.body).findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Send' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('mail server did not take');
  },
};

export const Estonian: Story = {
  args: { invoice: sentBefore },
  globals: { locale: 'et' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Saada kliendile' }));
    const dialog = within(await within(document.body).findByRole('dialog'));
    await expect(dialog.getByRole('heading', { name: `Kas saata arve ${NUMBER} uuesti?` })).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: 'Saada uuesti' })).toBeInTheDocument();
  },
};

export const Dark: Story = { args: { invoice: sentBefore }, globals: { theme: 'dark' } };
