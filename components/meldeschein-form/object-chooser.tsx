import { buttonClass } from '@/components/ui/button';
import { CONTROL, Field } from '@/components/ui/field';
import type { ObjectView } from '@/lib/portal/config/view';
import type { Messages } from '@/lib/portal/i18n';

/** Step one for landlords with objects in several municipalities: a GET form, no script needed. */
export function ObjectChooser({ objects, m }: { objects: ObjectView[]; m: Messages['form'] }) {
  return (
    <form
      method="get"
      action="/aufenthalte/neu"
      className="max-w-lg space-y-4 rounded-lg border border-slate-300 bg-white p-4"
    >
      <p className="text-sm text-slate-800">{m.chooseObjectIntro}</p>
      <Field id="objekt" label={m.object} required>
        {(described) => (
          <select
            id="objekt"
            name="objekt"
            className={CONTROL}
            aria-describedby={described}
            aria-required="true"
            required
            defaultValue=""
          >
            <option value="" disabled>
              {m.chooseObject}
            </option>
            {objects.map((o) => (
              <option key={o.id} value={o.id}>
                {o.alias} – {o.gemeinde}
              </option>
            ))}
          </select>
        )}
      </Field>
      <button type="submit" className={buttonClass('primary')}>
        {m.continue}
      </button>
    </form>
  );
}
