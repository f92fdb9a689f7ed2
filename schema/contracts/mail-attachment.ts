/** A small text file sent with a mail, such as a lesson's `.ics` calendar entry. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}
