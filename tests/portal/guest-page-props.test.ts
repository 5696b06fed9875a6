// getServerSideProps of the guest's pages whose only post is the language switch (the thank-you
// and card pages, decision 022): a GET renders the page in the cookie's language with what the
// page loads; the switch's post from the page itself sets the cookie and goes back (303); a post
// from another site, or one that is not the switch's, changes nothing and is answered 403.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { GetServerSidePropsContext } from 'next';
import { describe, expect, it, vi } from 'vitest';
import { guestPageProps } from '@/lib/portal/checkin/guest-request';

const TOKEN = 'eAbc-20270710.sig';

function request(
  method: 'GET' | 'POST',
  headers: Record<string, string> = {},
  body = '',
): IncomingMessage & { cookies: Record<string, string> } {
  const req = Readable.from(body ? [Buffer.from(body)] : []) as unknown as IncomingMessage & {
    cookies: Record<string, string>;
  };
  req.method = method;
  req.headers = headers;
  req.cookies = { lang: 'en' };
  return req;
}

function response() {
  const headers = new Map<string, string>();
  const res = {
    statusCode: 200,
    setHeader(name: string, value: string) {
      headers.set(name.toLowerCase(), value);
      return res;
    },
  };
  return {
    res: res as unknown as ServerResponse<IncomingMessage> & { statusCode: number },
    headers,
  };
}

async function answer(req: IncomingMessage) {
  const load = vi.fn(async (token: string, _from: unknown, lang: string) => ({ token, lang }));
  const { res, headers } = response();
  const result = await guestPageProps(
    '/karte',
    load,
  )({
    req,
    res,
    params: { token: TOKEN },
    query: {},
    resolvedUrl: `/checkin/${TOKEN}/karte`,
  } as GetServerSidePropsContext<{ token: string }>);
  return { result, status: res.statusCode, cookie: headers.get('set-cookie'), load };
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('guestPageProps', () => {
  it('renders a GET in the cookie’s language with what the page loads', async () => {
    const { result, status, cookie, load } = await answer(request('GET'));
    expect(result).toEqual({
      props: { lang: 'en', token: TOKEN, view: { token: TOKEN, lang: 'en' } },
    });
    expect(load).toHaveBeenCalledOnce();
    expect([status, cookie]).toEqual([200, undefined]);
  });

  it('answers the switch’s post from the page itself with the cookie and a 303 back', async () => {
    const own = { ...FORM, 'sec-fetch-site': 'same-origin' };
    const { result, cookie, load } = await answer(request('POST', own, 'lang=de'));
    expect(result).toEqual({
      redirect: { destination: `/checkin/${TOKEN}/karte`, statusCode: 303 },
    });
    expect(cookie).toMatch(/^lang=de; Path=\/; /);
    expect(load).not.toHaveBeenCalled();
  });

  it('refuses a post from another site, and one that is not the switch’s, with the page as it is', async () => {
    const posts = [
      request('POST', { ...FORM, 'sec-fetch-site': 'cross-site' }, 'lang=de'),
      request('POST', { ...FORM, 'sec-fetch-site': 'same-origin' }, 'lang=xx'),
      request('POST', { 'content-type': 'text/plain', 'sec-fetch-site': 'same-origin' }, 'lang=de'),
    ];
    for (const req of posts) {
      const { result, status, cookie } = await answer(req);
      expect(status).toBe(403);
      expect(cookie).toBeUndefined();
      expect(result).toEqual({
        props: { lang: 'en', token: TOKEN, view: { token: TOKEN, lang: 'en' } },
      });
    }
  });
});
