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

  it('settles once the first screen is shown and painted, not before', async () => {
    const { afterFirstScreen, firstScreenShown } = fresh();
    const done = jest.fn();
    void afterFirstScreen(2000).then(done);
    await jest.advanceTimersByTimeAsync(500);
    expect(done).not.toHaveBeenCalled();
    firstScreenShown();
    // In the page, not yet painted: the work that waits must not hold that paint back.
    await jest.advanceTimersByTimeAsync(0);
    expect(done).not.toHaveBeenCalled();
    // The next frame (jsdom's animation frames are 16 ms), then a task after its paint.
    await jest.advanceTimersByTimeAsync(20);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('a hidden tab paints nothing: settles 100 ms after the first screen is in the page', async () => {
    const { afterFirstScreen, firstScreenShown } = fresh();
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const frame = jest.spyOn(window, 'requestAnimationFrame');
    const done = jest.fn();
    void afterFirstScreen(2000).then(done);
    firstScreenShown();
    await jest.advanceTimersByTimeAsync(99);
    expect(done).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalledTimes(1);
    expect(frame).not.toHaveBeenCalled();
    visibility.mockRestore();
    frame.mockRestore();
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
    await jest.advanceTimersByTimeAsync(100);
    const done = jest.fn();
    void afterFirstScreen(2000).then(done);
    await jest.advanceTimersByTimeAsync(0);
    expect(done).toHaveBeenCalledTimes(1);
  });
});
