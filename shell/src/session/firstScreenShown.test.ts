describe('afterFirstScreen (work that waits for the first screen)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  // A fresh module per test: "shown" happens once per page load.
  const fresh = () => {
    let mod!: typeof import('./firstScreenShown');
    jest.isolateModules(() => {
      mod = jest.requireActual('./firstScreenShown');
    });
    return mod;
  };

  it('settles when the first screen is shown, not before', async () => {
    const { afterFirstScreen, firstScreenShown } = fresh();
    const done = jest.fn();
    void afterFirstScreen(2000).then(done);
    await jest.advanceTimersByTimeAsync(500);
    expect(done).not.toHaveBeenCalled();
    firstScreenShown();
    await jest.advanceTimersByTimeAsync(0);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('settles after the longest wait when nothing says so (a shell page)', async () => {
    const { afterFirstScreen } = fresh();
    const done = jest.fn();
    void afterFirstScreen(2000).then(done);
    await jest.advanceTimersByTimeAsync(1999);
    expect(done).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('once shown, later waits settle at once (a sign-in after the login screen)', async () => {
    const { afterFirstScreen, firstScreenShown } = fresh();
    firstScreenShown();
    const done = jest.fn();
    void afterFirstScreen(2000).then(done);
    await jest.advanceTimersByTimeAsync(0);
    expect(done).toHaveBeenCalledTimes(1);
  });
});
