// The guest's mails in English.
import type { GuestMail } from './de';

export const mailEn: GuestMail = {
  invitation: {
    subject: {
      invitation: 'Online check-in for your stay at {object}',
      reminder: 'Reminder: online check-in for {object}',
    },
    greeting: 'Hello,',
    intro: {
      invitation:
        '{landlord} invites you to check in online before you arrive. It saves you the paper registration form on arrival.',
      reminder:
        'Your arrival is near. {landlord} asks you to complete the online check-in before you arrive.',
    },
    stay: 'Your stay: {object}, from {from} to {to}.',
    action: 'Go to the online check-in',
    linkHint: 'The link works until your day of departure. Please do not share it.',
    privacyTitle: 'Privacy',
    privacy:
      'Your details are used only for the registration form German law requires (§ 29 ff. Federal Registration Act), are shown only to your host and are deleted from the check-in at the latest seven days after your departure.',
    closing: 'Have a good journey!',
  },
  card: {
    subject: 'Your guest card',
    body: 'Hello,\n\nyour registration is booked. Your guest card (PDF and for your phone) is here:\n{url}\n\nThe link works until 7 days after your departure.',
  },
  arrival: {
    subject: 'Today is your arrival day: confirm your registration',
    body: 'Hello,\n\nyou arrive today. Under German law, guests of foreign nationality confirm their registration on the day of arrival: by signing the registration form at the accommodation or, where your host offers it, by paying the Kurtaxe (spa tax) by card on your page:\n{url}\n\nPlease have your passport or ID card ready.',
  },
};
