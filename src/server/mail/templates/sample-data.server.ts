import type { Application } from "#shared/schemas/enrolment.ts";
import type { Membership } from "#shared/schemas/membership.ts";

/** Fictional people and numbers for the previews and the template tests; nothing here is real. */
export const SAMPLE_SITE = "https://www.isgpb.example";

export const sampleApplication: Application = {
  membership: "2",
  format: "Soft Copy",
  name: "Dr. Ishaan Verma",
  designation: "Senior Scientist",
  dob: "1984-03-12",
  gender: "Male",
  indianLanguages: ["Hindi", "English"],
  address: "Division of Plant Genetics\nExample Agricultural Institute",
  country: "India",
  state: "Delhi",
  city: "New Delhi",
  pincode: "110099",
  phone: "+911100000000",
  mobile: "+919000000001",
  email: "ishaan.verma@example.org",
  author: true,
  reviewer: false,
  areasOfInterest: "Wheat rust resistance, marker-assisted selection",
  agreement: true,
};

export const sampleApplicationId = "EN-0A1B2C3D4E";

export const sampleBank: Membership["bank"] = {
  accountName: "Indian Society of Genetics and Plant Breeding",
  bankName: "Example Bank of India",
  accountNumber: "000000000000",
  ifsc: "EXMP0000000",
  branchCode: "000000",
  swiftCode: "EXMPINBBXXX",
  location: "Pusa Campus branch, New Delhi",
};

/** A link of the shape the site sends; its token is made up and opens nothing. */
export const sampleLink = (path: string) => `${SAMPLE_SITE}${path}?token=sample-token-for-preview`;

/** A renewal as the membership module would ask for it (the fee still to be announced). */
export const samplePayment = {
  title: "Your subscription for 2027-28",
  items: [{ label: "Annual subscription 2027-28", amount: "TBA" as const }],
  amount: "TBA" as const,
  reference: "ISGPB-M-0A1B2C3D4E-2027-28",
  upiLink: "upi://pay?pa=isgpb@examplebank&pn=ISGPB&cu=INR&tn=ISGPB-M-0A1B2C3D4E-2027-28",
};
