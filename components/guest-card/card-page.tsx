// The guest's card page (issue 20): the party's cards with the PDF and, where configured, a
// wallet button per guest. Only what the card itself shows; nothing else of the landlord's data.
import { Message } from '@/components/checkin/refused';
import { buttonClass } from '@/components/ui/button';
import { formatDate } from '@/lib/portal/format';
import type { GuestLang } from '@/lib/portal/i18n/guest/languages';
import type { GuestPages } from '@/lib/portal/i18n/guest/pages';

export interface CardItem {
  id: string;
  holder: string;
  number: string | null;
  from: string | null;
  until: string | null;
  appleHref: string | null;
  googleHref: string | null;
}

type Words = { c: GuestPages['card']; lang: GuestLang };

export type CardPageProps =
  | ({ state: 'none' | 'ended' | 'cancelled' | 'pending' } & Words)
  | ({ state: 'ready'; pdfHref: string; cards: CardItem[] } & Words);

export function CardPage(props: CardPageProps) {
  const { c } = props;
  if (props.state !== 'ready') {
    const texts: Record<typeof props.state, [string, string]> = {
      none: [c.noneTitle, c.noneText],
      ended: [c.endedTitle, c.endedText],
      cancelled: [c.cancelledTitle, c.cancelledText],
      pending: [c.pendingTitle, c.pendingText],
    };
    const [title, text] = texts[props.state];
    return (
      <div data-card-state={props.state}>
        <Message title={title} text={text} />
      </div>
    );
  }
  return (
    <div className="space-y-5" data-card-state="ready">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold">{c.title}</h1>
        <p className="text-slate-800">{c.intro}</p>
      </div>
      <a href={props.pdfHref} className={buttonClass('primary', 'min-h-12 w-full')}>
        {c.pdf}
      </a>
      <ul className="space-y-3">
        {props.cards.map((card) => (
          <li key={card.id} className="space-y-3 rounded-md border border-slate-300 bg-white p-3">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-700">{c.holder}</dt>
              <dd className="font-semibold">{card.holder}</dd>
              {card.number ? (
                <>
                  <dt className="text-slate-700">{c.number}</dt>
                  <dd>{card.number}</dd>
                </>
              ) : null}
              {card.from && card.until ? (
                <>
                  <dt className="text-slate-700">{c.valid}</dt>
                  <dd>
                    {formatDate(card.from, props.lang)} – {formatDate(card.until, props.lang)}
                  </dd>
                </>
              ) : null}
            </dl>
            {card.appleHref || card.googleHref ? (
              <div className="flex flex-col gap-2">
                {card.appleHref ? (
                  <a
                    href={card.appleHref}
                    className={buttonClass('secondary', 'min-h-12 w-full')}
                    aria-label={c.walletFor
                      .replace('{name}', card.holder)
                      .replace('{wallet}', c.apple)}
                  >
                    {c.apple}
                  </a>
                ) : null}
                {card.googleHref ? (
                  <a
                    href={card.googleHref}
                    className={buttonClass('secondary', 'min-h-12 w-full')}
                    aria-label={c.walletFor
                      .replace('{name}', card.holder)
                      .replace('{wallet}', c.google)}
                    rel="noopener noreferrer"
                  >
                    {c.google}
                  </a>
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
