import { AppLink } from "../../components/layout/AppLink.js";
import { useFileLifetime } from "../../lib/file-lifetime.js";
import { InfoLayout } from "./InfoLayout.js";

export default function TermsPage() {
  const lifetime = useFileLifetime();
  return (
    <InfoLayout path="/terms-of-service" intro="Last updated April 29, 2025">
      <h2>Using the service</h2>
      <p>
        PDF Toolbox is free to use without registration. Accounts may come later; these terms will say so when they do. You must be
        16 or older to use the service.
      </p>
      <h2>Your content</h2>
      <p>
        You keep every right to the files you upload. Only upload files you are allowed to process; for example, only unlock
        documents whose password you have been given.
      </p>
      <h2>Limits</h2>
      <ul>
        <li>100 MB per file.</li>
        <li>Up to 20 files for tools that take several, such as Merge PDF.</li>
        <li>Files are deleted {lifetime} after upload.</li>
      </ul>
      <h2>No warranty</h2>
      <p>The service is provided as it is. Keep your own copy of important documents.</p>
      <p>
        See also our <AppLink href="/privacy-policy">Privacy Policy</AppLink>.
      </p>
    </InfoLayout>
  );
}
