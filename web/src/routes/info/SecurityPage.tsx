import { useFileLifetime } from "../../lib/file-lifetime.js";
import { inWords, onDeviceToolNames } from "../../../../catalog/on-device.js";
import { InfoLayout } from "./InfoLayout.js";

export default function SecurityPage() {
  const lifetime = useFileLifetime();
  return (
    <InfoLayout path="/security" intro="How we look after the documents you trust us with.">
      <h2>On your device</h2>
      <p>
        {inWords(onDeviceToolNames())} run in your browser: the work is done by qpdf and MuPDF compiled to WebAssembly, in a
        background worker of the page, and your files are not uploaded. You can send a tool to our server instead; the page says
        where each tool runs. After the first use, your browser keeps the engines so that these tools also work offline.
      </p>
      <h2>In transit</h2>
      <p>When the site is served over HTTPS, as it should be, your files travel encrypted between your browser and our server.</p>
      <h2>On the server</h2>
      <ul>
        <li>Each job works in its own folder, deleted when the job ends.</li>
        <li>Results are deleted {lifetime} after upload; a sweeper removes anything older, also after a restart.</li>
        <li>Download links use unguessable identifiers of at least 128 random bits.</li>
        <li>Files are checked by their content, not only their name, before any engine opens them.</li>
      </ul>
      <h2>Protecting your PDFs</h2>
      <p>
        Protect PDF encrypts with AES-256 by default and lets you choose what others may do. Some settings, such as an expiry date,
        cannot be enforced by PDF readers; the result tells you when a setting was not applied.
      </p>
    </InfoLayout>
  );
}
