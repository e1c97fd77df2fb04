/**
 * The waybills this tab has asked to invoice (given back when the server refuses): a preview of any
 * of them could only be refused now, so no later change to them may fetch one again. The store's
 * record of a call keeps no arguments, and it goes with the draft that made it, before the change
 * events of its waybills may arrive. A module of its own, so the live updates read it without
 * loading the invoice endpoints.
 */
const invoicing = new Set<string>();

export const isBeingInvoiced = (number: string): boolean => invoicing.has(number);

export const noteInvoicing = (numbers: readonly string[], asked: boolean): void => {
  for (const number of numbers) {
    if (asked) invoicing.add(number);
    else invoicing.delete(number);
  }
};
