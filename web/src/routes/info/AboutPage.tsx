import { AppLink } from "../../components/layout/AppLink.js";
import { InfoLayout } from "./InfoLayout.js";

export default function AboutPage() {
  return (
    <InfoLayout
      path="/about-us"
      intro="PDF Toolbox is a free online toolbox for the documents everyone deals with: merge, split, compress, convert, protect and unlock PDFs without an account."
    >
      <h2>What we do</h2>
      <p>
        Every tool does its work on our server with proven open-source engines (qpdf, MuPDF, Ghostscript and LibreOffice among
        them), so results are faithful to your originals. You upload, choose your settings, and download the result.
      </p>
      <h2>Who it is for</h2>
      <p>Students, professionals, businesses and anyone aged 16 or over who needs to get a document into shape quickly.</p>
      <h2>Open source and self-hostable</h2>
      <p>
        The whole toolbox is open source under the AGPL. Organisations can run their own copy, so that documents never leave
        their network.
      </p>
      <p>
        Questions or ideas? <AppLink href="/contact">Contact us</AppLink>.
      </p>
    </InfoLayout>
  );
}
