/** The support line's WhatsApp number (international form, digits only); one number for every tenant for now. */
export const SUPPORT_WHATSAPP_NUMBER = '6580001234';

/** The chat link opens with "Hello" already typed (spec 1, section 2). */
export const SUPPORT_CHAT_URL = `https://wa.me/${SUPPORT_WHATSAPP_NUMBER}?text=${encodeURIComponent('Hello')}`;
