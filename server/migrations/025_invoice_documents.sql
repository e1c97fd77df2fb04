-- Invoices leave the office: the customer's language for the documents and mail it is sent, and
-- each invoice's sending to its customer. Every sending attempt changes `send_attempts`, so the
-- history (022) records each one with its result (`sent_at` and `sent_to` on success,
-- `send_error` on failure) in the transaction that writes it.
ALTER TABLE companies ADD COLUMN language text CHECK (language IN ('en', 'et'));

ALTER TABLE invoices
  ADD COLUMN sent_at timestamptz,
  ADD COLUMN sent_to text,
  ADD COLUMN send_error text,
  ADD COLUMN send_attempts integer NOT NULL DEFAULT 0;
