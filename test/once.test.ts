import { onceUnlessRejected } from '../src/io/once';

describe('a value worked out once', () => {
  it('runs its maker once for every caller, those that ask while it runs included', async () => {
    let made = 0;
    const get = onceUnlessRejected(async () => ++made);
    const [a, b] = await Promise.all([get(), get()]);
    expect([a, b, await get()]).toEqual([1, 1, 1]);
    expect(made).toBe(1);
  });

  it('forgets a failure: the next call runs the maker again, and its success is kept', async () => {
    let made = 0;
    const get = onceUnlessRejected(async () => {
      made++;
      if (made === 1) throw new Error('disk not ready');
      return made;
    });
    await expect(get()).rejects.toThrow('disk not ready');
    expect(await get()).toBe(2);
    expect(await get()).toBe(2);
    expect(made).toBe(2);
  });

  it('shares the failure with the callers that asked while it ran', async () => {
    let made = 0;
    const get = onceUnlessRejected(async () => {
      made++;
      throw new Error(`failure ${made}`);
    });
    const both = await Promise.allSettled([get(), get()]);
    expect(both.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : 'ok'))).toEqual(['failure 1', 'failure 1']);
    await expect(get()).rejects.toThrow('failure 2');
  });
});
