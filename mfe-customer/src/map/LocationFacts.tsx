import './map.css';

export interface Fact {
  term: string;
  value: string;
  testId: string;
}

/** The positions as text (distance, coordinates, last update): the map's content for everyone, live. */
export function LocationFacts({ facts }: { facts: Fact[] }) {
  return (
    <dl className="cust-map__facts" aria-label="Location details">
      {facts.map((fact) => (
        <div key={fact.testId}>
          <dt>{fact.term}</dt>
          <dd data-testid={fact.testId}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
