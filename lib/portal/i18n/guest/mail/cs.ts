// The guest's mails in Czech (formal: Vy, capitalised as in a letter).
import type { GuestMail } from './de';

export const mailCs: GuestMail = {
  invitation: {
    subject: {
      invitation: 'Online check-in k Vašemu pobytu v {object}',
      reminder: 'Připomenutí: online check-in pro {object}',
    },
    greeting: 'Dobrý den,',
    intro: {
      invitation:
        '{landlord} Vás zve, abyste se před příjezdem přihlásili online. Ušetříte si tak papírový přihlašovací formulář (Meldeschein) při příjezdu.',
      reminder:
        'Váš příjezd se blíží. {landlord} Vás prosí, abyste online check-in vyplnili ještě před příjezdem.',
    },
    stay: 'Váš pobyt: {object}, od {from} do {to}.',
    action: 'Přejít na online check-in',
    linkHint: 'Odkaz platí do dne odjezdu. Prosíme, nepředávejte ho dalším osobám.',
    privacyTitle: 'Ochrana osobních údajů',
    privacy:
      'Vaše údaje se použijí jen pro zákonem předepsaný přihlašovací formulář (§ 29 a násl. německého spolkového zákona o hlášení pobytu, Bundesmeldegesetz), zobrazí se jen Vašemu ubytovateli a nejpozději sedm dní po odjezdu se z check-inu vymažou.',
    closing: 'Šťastnou cestu!',
  },
  card: {
    subject: 'Vaše karta hosta',
    body: 'Dobrý den,\n\nVaše přihlášení je zaregistrováno. Vaši kartu hosta (jako PDF a do telefonu) najdete zde:\n{url}\n\nOdkaz platí do 7 dnů po Vašem odjezdu.',
  },
  arrival: {
    subject: 'Dnes je den Vašeho příjezdu: potvrďte přihlašovací formulář',
    body: 'Dobrý den,\n\ndnes přijíždíte. Podle německého spolkového zákona o hlášení pobytu potvrzují hosté, kteří nemají německé státní občanství, své přihlášení v den příjezdu: podpisem přihlašovacího formuláře (Meldeschein) v ubytování, nebo tam, kde to ubytovatel nabízí, zaplacením poplatku z pobytu (Kurtaxe) kartou na Vaší stránce:\n{url}\n\nMějte prosím připravený cestovní pas nebo občanský průkaz.',
  },
};
