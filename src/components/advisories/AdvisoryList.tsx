import type { ReactNode } from 'react';
import { advisoryStatusLabels, restrictionLevelRules, type PublicAdvisory } from '../../shared/advisories/schema.ts';
import {
  advisoryHeading,
  advisoryPageTexts as texts,
  expectedEnd,
  isHealthKind,
} from '../../shared/advisories/public-texts.ts';
import { advisoryTitle } from '../../shared/advisories/words.ts';
import { spanishList } from '../../shared/spanish-list.ts';
import { chileMinute } from '../../shared/time/format.ts';
import type { OutageTown } from '../../shared/outages/schema.ts';

/**
 * The notices as /avisos and /avisos/{id} show them, rendered by the server into the prerendered
 * pages (src/filled-pages/advisories.ts): static markup, no island, so the pages load no JavaScript
 * and read the same without it.
 */

type Level = 2 | 3 | 4 | 5;

function Heading({ level, id, children }: { level: Level; id?: string; children: ReactNode }) {
  const Tag = `h${level}` as const;
  return <Tag id={id}>{children}</Tag>;
}

const pageOf = (advisory: PublicAdvisory) => `/avisos/${advisory.id}`;

/** The notices in force by town, in the towns' order; a notice for two towns is under each. */
export function CurrentAdvisories({ advisories, towns }: { advisories: PublicAdvisory[]; towns: OutageTown[] }) {
  const affected = towns.filter((town) => advisories.some((advisory) => covers(advisory, town.slug)));
  if (affected.length === 0) return <p className="advisories__empty">{texts.noCurrent}</p>;
  return (
    <div className="advisories__list">
      {affected.map((town) => (
        <section key={town.slug} className="advisories__town" aria-labelledby={`avisos-${town.slug}`}>
          <h3 id={`avisos-${town.slug}`}>{town.name}</h3>
          {advisories
            .filter((advisory) => covers(advisory, town.slug))
            .map((advisory) => (
              <AdvisoryCard key={advisory.id} advisory={advisory} town={town.slug} />
            ))}
        </section>
      ))}
    </div>
  );
}

const covers = (advisory: PublicAdvisory, town: string) => advisory.towns.some((covered) => covered.slug === town);

function AdvisoryCard({ advisory, town }: { advisory: PublicAdvisory; town: string }) {
  const headingId = `aviso-${advisory.id}-${town}`;
  return (
    <article className={cardClass(advisory)} aria-labelledby={headingId}>
      <h4 id={headingId} className="advisory__title">
        <HealthTag advisory={advisory} />
        <a href={pageOf(advisory)}>{advisoryHeading(advisory)}</a>
      </h4>
      <AdvisoryFacts advisory={advisory} />
      <AdvisoryBody advisory={advisory} level={5} />
    </article>
  );
}

const cardClass = (advisory: PublicAdvisory) =>
  `advisory ${isHealthKind(advisory.kind) ? 'advisory--health' : 'advisory--service'}`;

function HealthTag({ advisory }: { advisory: PublicAdvisory }) {
  return isHealthKind(advisory.kind) ? (
    <>
      <span className="advisory__tag">{texts.health}</span>{' '}
    </>
  ) : null;
}

function AdvisoryFacts({ advisory, withStatus = false }: { advisory: PublicAdvisory; withStatus?: boolean }) {
  return (
    <dl className="advisory__facts">
      <dt>{texts.towns}</dt>
      <dd>{spanishList(advisory.towns.map((town) => town.name))}</dd>
      {advisory.sectors && (
        <>
          <dt>{texts.sectors}</dt>
          <dd className="advisory__text">{advisory.sectors}</dd>
        </>
      )}
      <dt>{texts.since}</dt>
      <dd>{chileMinute(advisory.startsAt)}</dd>
      <dt>{texts.expectedEnd}</dt>
      <dd>{expectedEnd(advisory)}</dd>
      {withStatus && (
        <>
          <dt>{texts.status}</dt>
          <dd>{status(advisory)}</dd>
        </>
      )}
    </dl>
  );
}

const status = (advisory: PublicAdvisory) =>
  advisory.status === 'levantado' && advisory.liftedAt
    ? `${texts.liftedAt} ${chileMinute(advisory.liftedAt)}`
    : advisoryStatusLabels.publicado;

/** What the notice asks of people, its level's rule, its updates and where to get water. */
function AdvisoryBody({ advisory, level }: { advisory: PublicAdvisory; level: Level }) {
  return (
    <>
      {advisory.restrictionLevel && (
        <>
          <Heading level={level}>{texts.rule}</Heading>
          <p>{restrictionLevelRules[advisory.restrictionLevel]}</p>
        </>
      )}
      <Heading level={level}>{texts.instructions}</Heading>
      <p className="advisory__text">{advisory.instructions}</p>
      {advisory.updates.length > 0 && (
        <>
          <Heading level={level}>{texts.updates}</Heading>
          <ul className="advisory__updates">
            {advisory.updates.map((update) => (
              <li key={`${update.createdAt}-${update.body}`}>
                <time dateTime={update.createdAt}>{chileMinute(update.createdAt)}</time>:{' '}
                <span className="advisory__text">{update.body}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {advisory.supplyPoints.length > 0 && (
        <>
          <Heading level={level}>{texts.supplyPoints}</Heading>
          <ul className="advisory__points">
            {advisory.supplyPoints.map((point) => (
              <li key={`${point.name}-${point.address}`}>
                <strong>{point.name}</strong>, {point.address}
                {point.hours && ` (${point.hours})`}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** The notices lifted in the last 12 months, the latest first, each linking to its page. */
export function PastAdvisories({ advisories }: { advisories: PublicAdvisory[] }) {
  if (advisories.length === 0) return <p className="advisories__empty">{texts.noPast}</p>;
  return (
    <ul className="advisories__past">
      {advisories.map((advisory) => (
        <li key={advisory.id}>
          <a href={pageOf(advisory)}>{advisoryTitle(advisory)}</a>
          <p>
            {texts.since} {chileMinute(advisory.startsAt)}. {status(advisory)}.
          </p>
          {advisory.liftMessage && <p className="advisory__text">{advisory.liftMessage}</p>}
        </li>
      ))}
    </ul>
  );
}

/** A notice's own page (/avisos/{id}): in force or lifted, everything it said. */
export function AdvisoryDetail({ advisory }: { advisory: PublicAdvisory }) {
  return (
    <article className={`${cardClass(advisory)} advisory--page`} aria-labelledby="aviso-titulo">
      <h1 id="aviso-titulo" className="advisory__title">
        <HealthTag advisory={advisory} />
        {advisoryTitle(advisory)}
      </h1>
      {advisory.status === 'levantado' && (
        <section className="advisory__lifted" aria-labelledby="aviso-termino">
          <h2 id="aviso-termino">{texts.liftMessage}</h2>
          <p className="advisory__text">{advisory.liftMessage}</p>
        </section>
      )}
      <AdvisoryFacts advisory={advisory} withStatus />
      <AdvisoryBody advisory={advisory} level={2} />
      <p>
        <a href="/avisos">{texts.backToList}</a>
      </p>
    </article>
  );
}
