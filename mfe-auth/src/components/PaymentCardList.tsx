import { useEffect, useRef, useState } from 'react';
import { ErrorState, Loader, type PaymentMethod } from 'shared';
import type { LoadStatus, PaymentMethods } from '../payments/usePaymentMethods';
import { RemoveCardDialog } from './RemoveCardDialog';
import '../account.css';
import { cardExpiry } from 'shared/src/payments/cardText';

/** "**** **** **** 4242" */
export const maskedNumber = (last4: string) => `**** **** **** ${last4}`;

function TrashIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M9 3h6l1 1h4v2H4V4h4l1-1zm-3 5h12l-1 13H7L6 8zm4 2v9h2v-9h-2zm4 0v9h2v-9h-2z" />
    </svg>
  );
}

/** Card-less illustration of the Payments screen (spec section 2). */
export function NoCardsIllustration() {
  return (
    <div className="auth-empty">
      <svg width="160" height="110" viewBox="0 0 160 110" role="img" aria-label="No saved cards">
        <rect x="14" y="18" width="120" height="76" rx="10" fill="#e8eefc" stroke="#9db4ef" strokeWidth="2" />
        <rect x="14" y="34" width="120" height="14" fill="#9db4ef" />
        <rect x="26" y="62" width="44" height="8" rx="4" fill="#c5d4f6" />
        <circle cx="128" cy="86" r="20" fill="#fff" stroke="#9db4ef" strokeWidth="2" />
        <path d="M120 78l16 16M136 78l-16 16" stroke="#6d8fe0" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <p>You have no saved cards yet.</p>
    </div>
  );
}

export interface PaymentCardListProps {
  cards: PaymentMethod[];
  status: LoadStatus;
  /** Why the cards could not be loaded (with status 'error'). */
  loadError?: string | null;
  busy: boolean;
  onRetry: () => void;
  onMakeDefault: (id: number) => void;
  /** Deletes a card once the user confirmed; rejects with the API's error, which the confirmation shows. */
  onDelete: (id: number) => Promise<unknown>;
}

/**
 * Saved cards with brand and masked last four; the first is the default, the others offer Make this
 * Default. The delete icon asks 'Remove this card?' first; only 'Remove card' sends the delete.
 */
export function PaymentCardList({ cards, status, loadError, busy, onRetry, onMakeDefault, onDelete }: PaymentCardListProps) {
  /** The card whose removal is being confirmed. */
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  const list = useRef<HTMLUListElement>(null);
  /**
   * Set by Make this Default and a removal: their button goes (or is disabled meanwhile, which drops the
   * focus to the page), so once the list has settled the focus goes to its first card, the default.
   */
  const focusDefaultCard = useRef(false);
  /** The card whose Make this Default is on its way: its button shows it is busy, the others only dim. */
  const [defaulting, setDefaulting] = useState<number | null>(null);
  // Forgotten once the list is no longer busy, so that another action's wait shows on no card.
  const [wasBusy, setWasBusy] = useState(busy);
  if (busy !== wasBusy) {
    setWasBusy(busy);
    if (!busy) setDefaulting(null);
  }
  useEffect(() => {
    if (!focusDefaultCard.current || busy || removing) return;
    focusDefaultCard.current = false;
    list.current?.querySelector<HTMLElement>('li')?.focus();
  }, [busy, cards, removing]);

  if (status === 'loading') return <Loader label="Loading cards" />;
  if (status === 'error')
    return <ErrorState message="Your saved cards could not be loaded." detail={loadError ?? undefined} onRetry={onRetry} />;
  return (
    <>
      {cards.length === 0 ? (
        <NoCardsIllustration />
      ) : (
        <ul ref={list} className="auth-cards" aria-busy={busy || undefined}>
          {cards.map((card, index) => {
            const expiry = cardExpiry(card);
            const name = `${card.card_brand} ending in ${card.card_last4}${expiry ? `, expires ${expiry}` : ''}`;
            return (
              <li key={card.id} className="auth-card-row" aria-label={name} tabIndex={-1}>
                {/* What Make this Default is about: with several cards, the button's own words are the same on each. */}
                <span id={`auth-card-${card.id}`} hidden>
                  {name}
                </span>
                <span className="auth-card-brand">{card.card_brand}</span>
                <span className="auth-card-number">{maskedNumber(card.card_last4)}</span>
                {expiry ? <span className="auth-card-expiry">Expires {expiry}</span> : null}
                {index === 0 ? (
                  <span className="auth-badge">Default</span>
                ) : (
                  <button
                    type="button"
                    className="auth-link-button"
                    aria-describedby={`auth-card-${card.id}`}
                    disabled={busy}
                    aria-busy={busy && defaulting === card.id}
                    onClick={() => {
                      focusDefaultCard.current = true;
                      setDefaulting(card.id);
                      onMakeDefault(card.id);
                    }}
                  >
                    Make this Default
                  </button>
                )}
                <button
                  type="button"
                  className="auth-icon-button"
                  aria-label={`Delete ${name}`}
                  title="Delete"
                  disabled={busy}
                  onClick={() => setRemoving(card)}
                >
                  <TrashIcon />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {removing ? (
        <RemoveCardDialog
          card={removing}
          onRemove={onDelete}
          onClose={() => setRemoving(null)}
          onRemoved={() => {
            focusDefaultCard.current = true;
            setRemoving(null);
          }}
        />
      ) : null}
    </>
  );
}

/** The saved cards of usePaymentMethods(), wired to its reload, make-default and delete actions. */
export function SavedCardList({ payments }: { payments: PaymentMethods }) {
  return (
    <PaymentCardList
      cards={payments.cards}
      status={payments.status}
      loadError={payments.loadError}
      busy={payments.busy}
      onRetry={payments.reload}
      onMakeDefault={payments.makeDefault}
      onDelete={payments.remove}
    />
  );
}
