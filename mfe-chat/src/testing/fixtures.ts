import type { Chat, Message, PersonSummary } from 'shared';

/** The signed-in customer and provider of the screen tests (ids match renderChat's sessions). */
export const ME_CUSTOMER_ID = 10;
export const ME_PROVIDER_ID = 20;

export const cara: PersonSummary = { id: ME_CUSTOMER_ID, full_name: 'Cara Customer', first_name: 'Cara', avatar: null };
export const pete: PersonSummary = {
  id: ME_PROVIDER_ID,
  full_name: 'Pete Provider',
  first_name: 'Pete',
  avatar: '/uploads/pete.png',
};
export const dora: PersonSummary = { id: 21, full_name: 'Dora Driver', first_name: 'Dora', avatar: null };
export const carl: PersonSummary = { id: 11, full_name: 'Carl Client', first_name: 'Carl', avatar: null };

let nextMessageId = 1000;

export function makeMessage(overrides: Partial<Message> & Pick<Message, 'chat_id' | 'from_id'>): Message {
  nextMessageId += 1;
  return {
    id: nextMessageId,
    message: 'Hello',
    message_type: 'text',
    attachment: null,
    attachment_name: null,
    attachment_size: null,
    created_at: '2025-06-15T12:00:00.000Z',
    ...overrides,
  };
}

export function makeChat(id: number, customer: PersonSummary, provider: PersonSummary, overrides: Partial<Chat> = {}): Chat {
  return {
    id,
    customer_id: customer.id,
    provider_id: provider.id,
    customer,
    provider,
    updated_at: '2025-06-15T10:00:00.000Z',
    last_message: null,
    unread_count: 0,
    ...overrides,
  };
}
