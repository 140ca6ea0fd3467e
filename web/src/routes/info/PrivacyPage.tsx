import { AppLink } from "../../components/layout/AppLink.js";
import { inWords, onDeviceToolNames } from "../../../../catalog/on-device.js";
import { InfoLayout } from "./InfoLayout.js";

export default function PrivacyPage() {
  return (
    <InfoLayout path="/privacy-policy" intro="Last updated April 29, 2025">
      <h2>Your files</h2>
      <p>
        {inWords(onDeviceToolNames())} work on your device: the files you give them stay in your browser and are not sent to us,
        unless you choose to run the tool on our server.
      </p>
      <p>
        Files you upload to the other tools are stored only to run the tool you chose. Uploads, work files and results are deleted automatically one
        hour after upload, also if the service restarts. Download links carry long random identifiers and nothing can be listed.
      </p>
      <h2>What we do not do</h2>
      <ul>
        <li>We do not read, share or sell your documents.</li>
        <li>We do not require an account, so we hold no profile of you.</li>
        <li>We do not use advertising trackers.</li>
      </ul>
      <h2>Local storage</h2>
      <p>
        Your browser keeps your theme choice (light, dark or system) and, if you make it, your choice to run tools on our server
        in its local storage. Once a tool has run on your device, your browser also keeps the site's code and engines, never your
        files, so that those tools work offline. Nothing else is stored about you.
      </p>
      <h2>Age</h2>
      <p>The service is meant for people aged 16 and over.</p>
      <h2>Questions</h2>
      <p>
        See our <AppLink href="/terms-of-service">Terms of Service</AppLink> or <AppLink href="/contact">contact us</AppLink>.
      </p>
    </InfoLayout>
  );
}
