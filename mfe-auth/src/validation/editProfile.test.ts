import { editProfileSchema } from './editProfile';
import { errorsOf } from './testUtil';

const valid = { first_name: 'Ada', last_name: 'Lovelace', phone: '5550100', address: '12 Market Street', bio: '' };

describe('edit profile schema (rules applied, see docs/deviations.md)', () => {
  it('accepts a valid profile, and empty phone and address', async () => {
    expect(await errorsOf(editProfileSchema(false), valid)).toEqual({});
    expect(await errorsOf(editProfileSchema(false), { ...valid, phone: '', address: '' })).toEqual({});
  });

  it('requires names of at most 15 characters', async () => {
    expect(await errorsOf(editProfileSchema(false), { ...valid, first_name: '', last_name: 'L'.repeat(16) })).toEqual({
      first_name: 'Required',
      last_name: 'Must be 15 characters or less',
    });
  });

  it('needs a numeric phone and phone and address of at least 6 characters', async () => {
    expect(await errorsOf(editProfileSchema(false), { ...valid, phone: '12345', address: 'Road' })).toEqual({
      phone: 'Phone must be at least 6 digits',
      address: 'Address must be at least 6 characters',
    });
    expect(await errorsOf(editProfileSchema(false), { ...valid, phone: '555-0100' })).toEqual({
      phone: 'Phone must contain digits only',
    });
  });

  it("refuses a phone over 20 characters and an address over 255 with the API's messages", async () => {
    expect(await errorsOf(editProfileSchema(false), { ...valid, phone: '1'.repeat(21), address: 'a'.repeat(256) })).toEqual({
      phone: 'The phone may not be greater than 20 characters.',
      address: 'The address may not be greater than 255 characters.',
    });
    expect(await errorsOf(editProfileSchema(false), { ...valid, phone: '1'.repeat(20), address: 'a'.repeat(255) })).toEqual({});
    // Surrounding spaces are trimmed before sending, so they do not count.
    expect(await errorsOf(editProfileSchema(false), { ...valid, phone: ` ${'1'.repeat(20)} ` })).toEqual({});
  });

  it('checks the provider fields only for providers', async () => {
    const provider = { ...valid, year_of_exp: '-1', basic_price: 'abc' };
    expect(await errorsOf(editProfileSchema(true), provider)).toEqual({
      year_of_exp: 'Must be 0 or more',
      basic_price: 'Must be a number',
    });
    expect(await errorsOf(editProfileSchema(true), { ...valid, year_of_exp: '2.5', basic_price: '' })).toEqual({
      year_of_exp: 'Must be a whole number',
    });
    expect(await errorsOf(editProfileSchema(true), { ...valid, year_of_exp: '3', basic_price: '19.5' })).toEqual({});
    // Kept in cents: 12.345 would be saved as 12.35 unsaid.
    expect(await errorsOf(editProfileSchema(true), { ...valid, basic_price: '12.345' })).toEqual({
      basic_price: 'Must have at most 2 decimals',
    });
    expect(await errorsOf(editProfileSchema(true), { ...valid, basic_price: '12.34' })).toEqual({});
    expect(await errorsOf(editProfileSchema(false), provider)).toEqual({});
  });

  it("checks a provider's limits as the API does, so that it never refuses them after Save", async () => {
    expect(await errorsOf(editProfileSchema(true), { ...valid, year_of_exp: '81', basic_price: '1000000.01' })).toEqual({
      year_of_exp: 'Must be 80 or less',
      basic_price: 'Must be 1,000,000 or less',
    });
    expect(await errorsOf(editProfileSchema(true), { ...valid, year_of_exp: '1e1', basic_price: '1e3' })).toEqual({
      year_of_exp: 'Must be a whole number',
      basic_price: 'Must be a number',
    });
    expect(await errorsOf(editProfileSchema(true), { ...valid, bio: 'a'.repeat(2001) })).toEqual({
      bio: 'The bio may not be greater than 2000 characters.',
    });
    expect(
      await errorsOf(editProfileSchema(true), { ...valid, bio: '😀'.repeat(2000), year_of_exp: '80', basic_price: '1000000' }),
    ).toEqual({});
  });
});
