import { activeStepIndex, BOOKING_STEPS } from './stepper';

describe('the booking stepper', () => {
  it('has the four steps of the spec', () => {
    expect(BOOKING_STEPS).toEqual([
      'On the move',
      'Reached your location',
      'On the way to drop address',
      'Reached to the destination.',
    ]);
  });
  it('is at step 2 while Accepted, none while Pending or Rejected, at the end once Completed', () => {
    expect(activeStepIndex('Accepted')).toBe(1);
    expect(activeStepIndex('Pending')).toBe(-1);
    expect(activeStepIndex('Rejected')).toBe(-1);
    expect(activeStepIndex('Completed')).toBe(3);
  });
});
