import type { TestServer } from '@ai-coaching/api/testing';

/** The HTTP calls the credit suites make, against one server. */

export type Wallet = { account: string; credit_wallet: number; posted: number; pending: number };
export type Movement = { transfer_id: string; nb_credits: number; from: Wallet; to: Wallet };
export type ErrorBody = {
  code: string;
  message: string;
  details?: { available?: number; issues?: { path: string }[] };
};
export type Answer<Body> = { status: number; body: Body; headers: Headers };
export type Page<Item> = { items: Item[]; total: number; page: number; page_size: number };
export type MovementItem = {
  id: string;
  occurred_at: string;
  actor_id: string | null;
  actor_name: string | null;
  kind: string;
  from: string | null;
  to: string | null;
  amount: number;
  from_balance_after: number | null;
  to_balance_after: number | null;
  transfer_id: string | null;
  reservation_id: string | null;
  session_id: string | null;
};

export const call = async <Body = ErrorBody>(
  server: Pick<TestServer, 'url'>,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<Body>> => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  const json = response.headers.get('content-type')?.startsWith('application/json');
  return { status: response.status, body: (json && text ? JSON.parse(text) : text) as Body, headers: response.headers };
};

export type CreditVerb = 'allocate_credit' | 'deallocate_credit' | 'transfer_credit';
export type CreditTarget = 'users' | 'user_groups' | 'organizations';

/** `POST /v1/{target}/{verb}/{id}` with `{nb_credits}` (or any body, to test refusals). */
export const moveCredits = <Body = Movement | ErrorBody>(
  server: Pick<TestServer, 'url'>,
  token: string,
  target: CreditTarget,
  verb: CreditVerb,
  id: string,
  body: unknown,
  headers: Record<string, string> = {},
) => call<Body>(server, token, 'POST', `/v1/${target}/${verb}/${id}`, body, headers);

/** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks; records end with CRLF. */
export const parseCsv = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index++;
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
};
