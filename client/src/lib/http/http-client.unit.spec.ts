import { aiSpeechVoiceOperations, userGroupOperations } from '@ai-coaching/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { buildUrl, createHttpClient, type HttpClientOptions } from './http-client';

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

const fakeFetch = (answers: Answer[]) => {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const answer = answers.shift() ?? { status: 200, body: {} };
    const text =
      answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    return new Response(answer.status === 204 ? null : text, { status: answer.status, headers: answer.headers });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
};

const client = (answers: Answer[], overrides: Partial<HttpClientOptions> = {}) => {
  const { fetch, calls } = fakeFetch(answers);
  const http = createHttpClient({
    getToken: () => 'own-token',
    onUnauthorized: () => Promise.resolve(null),
    backoff: () => 0,
    fetch,
    ...overrides,
  });
  return { http, calls };
};

const header = (init: RequestInit, name: string) => (init.headers as Record<string, string>)[name];

describe('http client', () => {
  it('calls a contract operation: its method, its path with the parameters filled in, the query and the JSON body', async () => {
    const { http, calls } = client([
      { status: 200, body: { id: 'g1' } },
      { status: 200, body: { items: [] } },
    ]);
    await http.call(userGroupOperations.addMember, { params: { user_group_id: 'g 1' }, body: { user_id: 'u1' } });
    expect(calls[0]!.url).toBe('/v1/user_groups/add_member/g%201');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.body).toBe('{"user_id":"u1"}');
    await http.call(userGroupOperations.list, { query: { page: 2, q: 'sales' } });
    expect(calls[1]!.url).toBe('/v1/user_groups?page=2&q=sales');
    expect(calls[1]!.init.method).toBe('GET');
  });

  it('attaches the bearer token and sends JSON', async () => {
    const { http, calls } = client([{ status: 200, body: { ok: true } }]);
    await expect(http.post('/v1/things', { name: 'a' })).resolves.toEqual({ ok: true });
    expect(header(calls[0]!.init, 'Authorization')).toBe('Bearer own-token');
    expect(header(calls[0]!.init, 'Content-Type')).toBe('application/json');
    expect(calls[0]!.init.body).toBe('{"name":"a"}');
  });

  it('says the interface language on every request, so the API answers its messages in it', async () => {
    let language = 'fr-FR';
    const { http, calls } = client(
      [
        { status: 200, body: {} },
        { status: 200, body: {} },
      ],
      { getLanguage: () => language },
    );
    await http.get('/v1/users');
    language = 'en-GB';
    await http.request('/v1/fau/login', { method: 'POST', form: { username: 'a@b.c' } });
    expect(header(calls[0]!.init, 'Accept-Language')).toBe('fr-FR');
    expect(header(calls[1]!.init, 'Accept-Language')).toBe('en-GB');
  });

  it('sends forms url-encoded and no Authorization header without a token', async () => {
    const { http, calls } = client([{ status: 200, body: {} }], { getToken: () => null });
    await http.request('/v1/fau/login', { method: 'POST', form: { username: 'a@b.c', password: 'p w' } });
    expect(String(calls[0]!.init.body)).toBe('username=a%40b.c&password=p+w');
    expect(header(calls[0]!.init, 'Authorization')).toBeUndefined();
  });

  it('turns an error answer into an ApiError with code, message and field', async () => {
    const { http } = client([
      {
        status: 400,
        body: {
          code: 'password_too_short',
          message: 'Too short',
          details: { issues: [{ path: 'password', message: 'Too short' }] },
        },
      },
    ]);
    const error = await http.post('/v1/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'password_too_short', message: 'Too short', field: 'password' });
  });

  it.each([408, 425, 429, 500, 502, 503, 504])('retries a GET answered %i, at most twice', async (status) => {
    const { http, calls } = client([{ status }, { status }, { status: 200, body: { n: 1 } }]);
    await expect(http.get('/v1/x')).resolves.toEqual({ n: 1 });
    expect(calls).toHaveLength(3);
    const { http: failing, calls: failingCalls } = client([{ status }, { status }, { status }, { status: 200 }]);
    await expect(failing.get('/v1/x')).rejects.toMatchObject({ status });
    expect(failingCalls).toHaveLength(3);
  });

  it.each([400, 403, 404, 422, 501])('does not retry %i', async (status) => {
    const { http, calls } = client([{ status }, { status: 200 }]);
    await expect(http.get('/v1/x')).rejects.toMatchObject({ status });
    expect(calls).toHaveLength(1);
  });

  it('retries a POST only when it carries an Idempotency-Key, sending the same key', async () => {
    const plain = client([{ status: 503 }, { status: 200 }]);
    await expect(plain.http.post('/v1/x', {})).rejects.toMatchObject({ status: 503 });
    expect(plain.calls).toHaveLength(1);

    const keyed = client([{ status: 503 }, { status: 200, body: { done: true } }]);
    await expect(keyed.http.post('/v1/x', {}, { idempotencyKey: 'k-1' })).resolves.toEqual({ done: true });
    expect(keyed.calls.map((call) => header(call.init, 'Idempotency-Key'))).toEqual(['k-1', 'k-1']);
  });

  it('retries a 409 only when the conflict is transient', async () => {
    const transient = client([{ status: 409, body: { code: 'idempotency_request_in_progress' } }, { status: 200 }]);
    await transient.http.post('/v1/x', {}, { idempotencyKey: 'k' });
    expect(transient.calls).toHaveLength(2);

    const business = client([{ status: 409, body: { code: 'not_enough_credits', details: { available: 3 } } }]);
    await expect(business.http.post('/v1/x', {}, { idempotencyKey: 'k' })).rejects.toMatchObject({
      code: 'not_enough_credits',
      details: { available: 3 },
    });
    expect(business.calls).toHaveLength(1);
  });

  it('on a 401 asks for a fresh token and replays the request with it, once', async () => {
    const onUnauthorized = vi.fn(() => Promise.resolve('fresh-token'));
    const { http, calls } = client([{ status: 401 }, { status: 200, body: { me: 1 } }], { onUnauthorized });
    await expect(http.get('/v1/me')).resolves.toEqual({ me: 1 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(header(calls[1]!.init, 'Authorization')).toBe('Bearer fresh-token');

    const again = client([{ status: 401 }, { status: 401 }], { onUnauthorized });
    await expect(again.http.get('/v1/me')).rejects.toMatchObject({ status: 401 });
    expect(again.calls).toHaveLength(2);
  });

  it('rejects a 401 when the session cannot be refreshed, and never refreshes for logout calls', async () => {
    const onUnauthorized = vi.fn(() => Promise.resolve(null));
    const { http } = client([{ status: 401 }], { onUnauthorized });
    await expect(http.get('/v1/me')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();

    const logout = client([{ status: 401 }], { onUnauthorized });
    await expect(logout.http.post('/v1/fau/logout', undefined, { skipAuthRefresh: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('reports a network failure as a retryable-looking ApiError with status 0', async () => {
    const http = createHttpClient({
      getToken: () => null,
      onUnauthorized: () => Promise.resolve(null),
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(http.get('/v1/x')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('returns text for CSV downloads', async () => {
    const { http } = client([{ status: 200, body: 'a,b\n1,2' }]);
    await expect(http.request('/v1/x.csv', { responseType: 'text' })).resolves.toBe('a,b\n1,2');
  });

  it('downloads a file an operation answers as a Blob, and still reads its errors as JSON', async () => {
    const { http, calls } = client([
      { status: 200, body: 'ID3-audio', headers: { 'content-type': 'audio/mpeg' } },
      { status: 409, body: { code: 'ai_voice_no_speech_model', message: 'Add a speech model first.' } },
    ]);
    const sample = await http.download(aiSpeechVoiceOperations.preview, { params: { id: 'v 1' } });
    expect(calls[0]!.url).toBe('/v1/ai_speech_voices/v%201/preview');
    expect(calls[0]!.init.method).toBe('POST');
    expect(sample.type).toBe('audio/mpeg');
    expect(await sample.text()).toBe('ID3-audio');
    await expect(http.download(aiSpeechVoiceOperations.preview, { params: { id: 'v1' } })).rejects.toMatchObject({
      status: 409,
      code: 'ai_voice_no_speech_model',
    });
  });

  it('builds query strings without empty values and with repeated arrays', () => {
    expect(buildUrl('/v1/users', { page: 2, q: '', sort: '-updated_at', kind: ['a', 'b'], x: undefined })).toBe(
      '/v1/users?page=2&sort=-updated_at&kind=a&kind=b',
    );
  });
});

type XhrAnswer = { status: number; body?: unknown } | 'network-error';

/** XMLHttpRequest as far as uploads use it: headers, upload progress, then one answer. */
const fakeXhr = (answers: XhrAnswer[]) => {
  const sent: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = [];
  const create = () => {
    const request = {
      status: 0,
      statusText: '',
      responseText: '',
      upload: {
        onprogress: null as ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null,
      },
      onload: null as (() => void) | null,
      onerror: null as (() => void) | null,
      onabort: null as (() => void) | null,
      method: '',
      url: '',
      headers: {} as Record<string, string>,
      open(method: string, url: string) {
        request.method = method;
        request.url = url;
      },
      setRequestHeader(name: string, value: string) {
        request.headers[name] = value;
      },
      abort() {
        queueMicrotask(() => request.onabort?.());
      },
      send(body: unknown) {
        sent.push({ method: request.method, url: request.url, headers: request.headers, body });
        const answer = answers.shift() ?? { status: 201, body: {} };
        queueMicrotask(() => {
          request.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
          request.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
          if (answer === 'network-error') return request.onerror?.();
          request.status = answer.status;
          request.responseText = answer.body === undefined ? '' : JSON.stringify(answer.body);
          request.onload?.();
        });
      },
    };
    return request as unknown as XMLHttpRequest;
  };
  return { create, sent };
};

describe('http client uploads', () => {
  const uploader = (answers: XhrAnswer[], overrides: Partial<HttpClientOptions> = {}) => {
    const xhr = fakeXhr(answers);
    const http = createHttpClient({
      getToken: () => 'own-token',
      onUnauthorized: () => Promise.resolve(null),
      getLanguage: () => 'fr-FR',
      xhr: xhr.create,
      ...overrides,
    });
    return { http, sent: xhr.sent };
  };

  it('POSTs the form with the token and the language, reports progress and answers the JSON', async () => {
    const { http, sent } = uploader([{ status: 201, body: { id: 'img-1' } }]);
    const form = new FormData();
    form.set('category', 'avatars');
    const progress: number[] = [];
    await expect(
      http.upload('/api/image/uploads', form, { onProgress: (done, total) => progress.push(done / total) }),
    ).resolves.toEqual({ id: 'img-1' });
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/image/uploads',
        headers: { Accept: 'application/json', 'Accept-Language': 'fr-FR', Authorization: 'Bearer own-token' },
        body: form,
      },
    ]);
    expect(progress).toEqual([0.5, 1]);
  });

  it('answers the API’s refusal as an ApiError with its localized message, without retrying', async () => {
    const { http, sent } = uploader([
      { status: 400, body: { code: 'image_not_an_image', message: 'Ce fichier n’est pas une image.' } },
    ]);
    await expect(http.upload('/api/image/uploads', new FormData())).rejects.toMatchObject({
      status: 400,
      code: 'image_not_an_image',
      message: 'Ce fichier n’est pas une image.',
    });
    expect(sent).toHaveLength(1);
  });

  it('sends the upload again once with a fresh token after a 401', async () => {
    const onUnauthorized = vi.fn(() => Promise.resolve('fresh-token'));
    const { http, sent } = uploader(
      [
        { status: 401, body: { code: 'token_expired', message: 'Expired' } },
        { status: 201, body: { id: 'img-2' } },
      ],
      { onUnauthorized },
    );
    await expect(http.upload('/api/image/uploads', new FormData())).resolves.toEqual({ id: 'img-2' });
    expect(sent.map((request) => request.headers['Authorization'])).toEqual(['Bearer own-token', 'Bearer fresh-token']);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('reports a network failure as status 0, and a cancelled upload as its abort reason', async () => {
    const { http } = uploader(['network-error', { status: 201 }]);
    await expect(http.upload('/api/image/uploads', new FormData())).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
    });
    const controller = new AbortController();
    controller.abort(new Error('left the page'));
    await expect(http.upload('/api/image/uploads', new FormData(), { signal: controller.signal })).rejects.toThrow(
      'left the page',
    );
  });
});
