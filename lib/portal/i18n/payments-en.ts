// Card payments of the Kurtaxe in English (see payments-de.ts). Client-safe.
import type { PaymentsMessages } from './payments-de';

export const paymentsEn: PaymentsMessages = {
  guest: {
    title: 'Confirm and pay the Kurtaxe',
    due: 'Today is your arrival day. Paying the Kurtaxe of {amount} by card confirms your registration data, as the Federal Registration Act allows (§ 29(5) BMG); your bank confirms the payment (3-D Secure). The money goes straight to your hosts.',
    pay: 'Confirm and pay the Kurtaxe ({amount})',
    titlePayOnly: 'Pay the Kurtaxe',
    duePayOnly:
      'Today is your arrival day. You can pay the Kurtaxe of {amount} here by card; your bank confirms the payment (3-D Secure). The money goes straight to your hosts. As German guests you need not confirm a registration form.',
    payOnly: 'Pay the Kurtaxe ({amount})',
    notYet:
      'From your arrival day ({date}) you can confirm your registration here by paying the Kurtaxe by card.',
    past: 'Confirming by card payment is only possible on the arrival day. Please sign the registration form at your hosts.',
    zero: 'There is no Kurtaxe to pay for your stay, so you cannot confirm by card payment: please sign the registration form on arrival.',
    off: 'Confirming by card payment is not offered here. Please sign the registration form on arrival.',
    confirmed: 'Paid on {date}: {amount}. Your registration is confirmed.',
    paid: 'Paid on {date}: {amount}. Thank you.',
    notConfirmed:
      'Paid on {date}: {amount}. This does not confirm your registration (your bank did not confirm it, or not on the arrival day): please sign the registration form on arrival.',
    intro:
      "Each person with a registration form of their own confirms their own registration: by paying their share of the Kurtaxe with their own card, or by signing the form at the hosts'. A payment confirms only the form of the person it is made for.",
    signerTitle: 'Registration form of {name} ({persons} pers.)',
    dueShare:
      'Today is the arrival day. {name} confirms their own registration (and that of the persons on this form) with a card payment of {amount} with their own card (§ 29(5) BMG, 3-D Secure), or by signing on arrival.',
    payShare: 'Confirm and pay {amount} as {name}',
    dueMinor:
      'Today is the arrival day. {name} is a minor: a parent or legal guardian confirms the child’s registration (and that of the persons on this form) with a card payment of {amount} (§ 29(5) BMG, 3-D Secure), or by signing for the child on arrival.',
    payMinor: 'Confirm and pay {amount} for {name}',
    confirmedOf: 'Paid on {date}: {amount}. The registration of {name} is confirmed.',
    signed: 'The registration of {name} is confirmed by the signed form.',
    small:
      'The share of the Kurtaxe ({amount}) is below the smallest amount of a card payment (EUR 0.50): please sign the registration form on arrival.',
    consent:
      'Your consent (§ 29(5) BMG): by tapping the button to confirm, you consent to your registration data being collected electronically and confirmed on the arrival day by your card payment instead of your signature on paper. The payment is processed by the payment provider Stripe; the payment reference is kept with your registration. Without your consent, you sign the registration form on arrival.',
    refunded: 'The Kurtaxe of {amount} has been refunded to you.',
    refundPending:
      'A refund of the Kurtaxe of {amount} has been made. It can take a few days until the amount is back on your card.',
    reference: 'Payment reference: {reference}',
    failed:
      'The payment was not completed: your bank did not confirm it, or you cancelled. Your registration is not confirmed yet. You can try again.',
    pending: 'Your payment is still being confirmed. Reload this page in a minute to see it.',
    error: 'The payment could not be started just now. Please try again in a minute.',
  },
  landlord: {
    nav: 'Payments',
    title: 'Payments',
    intro:
      'On their arrival day your guests can pay the Kurtaxe by card on their phone and so confirm their registration (§ 29(5) BMG: a card payment with strong customer authentication). The money goes straight to your own Stripe account; the portal takes no money and keeps no fee.',
    off: 'Card payment is not switched on in this portal. Your guests therefore cannot pay the Kurtaxe by card: on their arrival day they confirm their registration as before, by signing the registration form. Only the operator of this portal (whoever gave you your access) can switch it on. Ask them if you want to offer card payment.',
    none: 'No Stripe account connected yet.',
    onboarding:
      'Your Stripe account exists but is not fully set up: Stripe does not take card payments for it yet.',
    ready: 'Your Stripe account is ready: guests can pay by card on their arrival day.',
    account: 'Stripe account: {id}',
    connect: 'Connect a Stripe account',
    continue: 'Continue the setup at Stripe',
    refresh: 'Ask Stripe for the current state',
    expired: 'The setup link had expired. Please continue the setup.',
    failed: 'Stripe could not be reached just now. Please try again.',
    stay: {
      title: 'Card payment',
      paid: 'Paid on {date}: {amount}',
      confirmed: 'Registration confirmed by card payment on {date}',
      notConfirmed: 'Not counted as a confirmation ({reason})',
      reasons: {
        'no-sca': 'without 3-D Secure authentication',
        'not-arrival-day': 'not on the arrival day',
        'amount-mismatch': 'another amount',
        already: 'already confirmed',
        'not-required': 'no confirmation needed',
        'unknown-form': 'registration form unknown',
      },
      reference: 'Payment instrument reference',
      card: 'Card',
      refunded: 'Refunded on {date}',
      refund: 'Refund the Kurtaxe ({amount})',
      refundHint: 'The stay is cancelled: you can refund the card payment.',
      refundDone: 'The Kurtaxe has been refunded.',
      refundFailed: 'The refund failed. Please try again.',
      refundPending: 'Refund requested on {date}: still in progress at Stripe',
      refundDeclined: 'The refund of {date} failed at Stripe: the Kurtaxe was not paid back.',
      refundAsked: 'The refund is requested. Stripe reports it as still in progress.',
      refundRefused:
        'Stripe declined the refund: the Kurtaxe was not paid back. Please try again later.',
    },
    statement: {
      paidOnline: 'Of which paid online',
      open: 'Open',
    },
  },
};
