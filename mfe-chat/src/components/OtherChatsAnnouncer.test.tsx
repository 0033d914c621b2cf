import { act, render, screen } from '@testing-library/react';
import { bus, type AppNotification } from 'shared';
import { OtherChatsAnnouncer } from './OtherChatsAnnouncer';

const notification = (id: number, over: Partial<AppNotification>): AppNotification => ({
  id,
  title: 'Chat',
  description: 'Ravi Kumar: On my way',
  user: { avatar: null, full_name: 'Ravi Kumar' },
  read: false,
  chat_id: 7,
  ...over,
});

const arrive = (n: AppNotification) => act(() => bus.emit({ type: 'notifications/arrived', notification: n }));
const region = () => screen.getByRole('status', { name: 'Messages in other conversations' });

describe('OtherChatsAnnouncer', () => {
  it('says a message that arrives in another conversation than the open one', () => {
    render(<OtherChatsAnnouncer openChatId={5} />);
    arrive(notification(1, { chat_id: 7 }));
    expect(region()).toHaveTextContent('Ravi Kumar: On my way');
  });

  it('says it when no conversation is open', () => {
    render(<OtherChatsAnnouncer openChatId={null} />);
    arrive(notification(1, { chat_id: 7, description: 'Asha Verma sent a photo' }));
    expect(region()).toHaveTextContent('Asha Verma sent a photo');
  });

  it("leaves the open conversation's messages to its log, and other notifications to the shell", () => {
    render(<OtherChatsAnnouncer openChatId={7} />);
    arrive(notification(1, { chat_id: 7 }));
    arrive(notification(2, { title: 'Job', chat_id: null, description: 'Ravi Kumar accepted your booking request.' }));
    expect(region()).toHaveTextContent('');
  });

  it('says the next message in its place', () => {
    render(<OtherChatsAnnouncer openChatId={5} />);
    arrive(notification(1, { chat_id: 7 }));
    arrive(notification(2, { chat_id: 8, description: 'Meera Das: Thank you' }));
    expect(region()).toHaveTextContent(/^Meera Das: Thank you$/);
  });
});
