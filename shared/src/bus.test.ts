import { bus } from './bus';
import type { BusEvent } from './contracts';

describe('the event bus', () => {
  it('delivers an event to the subscribers of its type only', () => {
    const alerts: string[] = [];
    const logouts: number[] = [];
    const a = bus.on('alert/show').subscribe((e) => alerts.push(e.alert.message));
    const b = bus.on('auth/loggedOut').subscribe(() => logouts.push(1));
    bus.emit({ type: 'alert/show', alert: { type: 'success', message: 'Saved' } });
    bus.emit({ type: 'chat/open', userId: 3 });
    expect(alerts).toEqual(['Saved']);
    expect(logouts).toEqual([]);
    a.unsubscribe();
    b.unsubscribe();
  });

  it('stops delivering after unsubscribe, and all() sees every event', () => {
    const seen: BusEvent['type'][] = [];
    const all = bus.all().subscribe((e) => seen.push(e.type));
    const one = bus.on('toast/show').subscribe(() => seen.push('toast/show'));
    one.unsubscribe();
    bus.emit({ type: 'toast/show', kind: 'info', message: 'hi' });
    bus.emit({ type: 'alert/clear' });
    all.unsubscribe();
    bus.emit({ type: 'alert/clear' });
    expect(seen).toEqual(['toast/show', 'alert/clear']);
  });
});
