-- One mail per decision to send an invoice: a sending first claims the invoice here (one row per
-- invoice, taken only when free or left by a process that stopped), then reads whether it was sent
-- already, mails, and records the result and gives the claim back in one transaction. Parallel
-- sendings find the claim taken. A table of its own, so a claim neither moves the invoice's version
-- nor writes its history.
CREATE TABLE invoice_sendings (
  invoice_number text PRIMARY KEY REFERENCES invoices (number) ON DELETE CASCADE ON UPDATE CASCADE,
  claimed_until timestamptz NOT NULL
);
