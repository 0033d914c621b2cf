import { describeContractRoutes, type ExpectedRoute } from 'shared/src/testing/contractSuite';
import contract from './contract';

/** What mfe_chat serves (docs/architecture.md, 'How the page is composed'), with the spec's screen titles. */
const EXPECTED: ExpectedRoute[] = [['/chatview/:username?', 'Chat', undefined]];

describe('the mfe_chat contract', () => {
  it('is named mfe_chat', () => {
    expect(contract.name).toBe('mfe_chat');
  });

  describeContractRoutes(contract, EXPECTED);

  it('offers no widgets', () => {
    expect(contract.widgets).toEqual([]);
  });
});
