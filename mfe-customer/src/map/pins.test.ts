import { captionOffsets } from './pins';

describe('captionOffsets', () => {
  it('puts every caption right under its pin when the pins are apart', () => {
    expect(
      captionOffsets(
        [
          { x: 100, y: 100 },
          { x: 300, y: 100 },
        ],
        ['Provider', 'You'],
      ),
    ).toEqual([16, 16]);
    expect(
      captionOffsets(
        [
          { x: 100, y: 100 },
          { x: 100, y: 200 },
        ],
        ['Provider', 'You'],
      ),
    ).toEqual([16, 16]);
  });

  it('stacks the captions of pins at one spot (the provider has reached the customer), a line each', () => {
    expect(
      captionOffsets(
        [
          { x: 200, y: 150 },
          { x: 200, y: 150 },
        ],
        ['Provider', 'You'],
      ),
    ).toEqual([16, 31]);
    expect(
      captionOffsets(
        [
          { x: 200, y: 150 },
          { x: 210, y: 150 },
          { x: 195, y: 150 },
        ],
        ['Provider', 'You', 'Pick-up'],
      ),
    ).toEqual([16, 31, 46]);
  });
});
