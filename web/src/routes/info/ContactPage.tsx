import { useState, type FormEvent } from "react";
import { buttonStyles, inputStyles } from "../../components/ui/styles.js";
import { InfoLayout } from "./InfoLayout.js";

/**
 * The contact form checks its fields (all required, the email typed as email) but sends nothing: no server call
 * exists for it yet, and the page says so rather than pretending to send.
 */
export default function ContactPage() {
  const [submitted, setSubmitted] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
  };
  return (
    <InfoLayout path="/contact" intro="We aim to reply within 24 hours on business days.">
      <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
        This form does not send messages yet. Please do not rely on it for anything urgent.
      </p>
      <form onSubmit={onSubmit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <label className="block text-sm font-medium">
            Name
            <input name="name" required autoComplete="name" className={`${inputStyles} mt-1`} />
          </label>
          <label className="block text-sm font-medium">
            Email
            <input name="email" type="email" required autoComplete="email" className={`${inputStyles} mt-1`} />
          </label>
        </div>
        <label className="block text-sm font-medium">
          Subject
          <input name="subject" required className={`${inputStyles} mt-1`} />
        </label>
        <label className="block text-sm font-medium">
          Message
          <textarea name="message" required rows={6} className={`${inputStyles} mt-1`} />
        </label>
        <button type="submit" className={buttonStyles.primary}>
          Send Message
        </button>
        {submitted && (
          <p role="status" className="text-sm">
            Thank you. Your message was not sent: this form is not connected to a mailbox yet.
          </p>
        )}
      </form>
    </InfoLayout>
  );
}
