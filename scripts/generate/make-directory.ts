/**
 * Writes the fictional sample member directory and fellows list the site embeds:
 * content/directory.csv (2,100 members, the society's real size) and content/fellows.csv.
 * Every person is invented; e-mails use example.org and phones the +91 90000 range.
 * Deterministic (a seeded generator), so a re-run changes nothing: node scripts/generate/make-directory.ts
 */
import { writeFile } from "node:fs/promises";

const MEMBERS = 2100;
const FELLOWS = 64;

// Mulberry32: a tiny seeded generator, so the sample stays the same run after run.
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(1941);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

const firstNames = [
  "Aarav",
  "Abha",
  "Aditi",
  "Ajit",
  "Akanksha",
  "Alok",
  "Amrita",
  "Anand",
  "Anil",
  "Anjali",
  "Anupam",
  "Archana",
  "Arun",
  "Asha",
  "Ashok",
  "Bhavna",
  "Chandan",
  "Charu",
  "Deepa",
  "Devika",
  "Dinesh",
  "Gaurav",
  "Geeta",
  "Girish",
  "Harish",
  "Hema",
  "Indira",
  "Jagdish",
  "Jaya",
  "Kalpana",
  "Kamal",
  "Kavita",
  "Kiran",
  "Lakshmi",
  "Lalit",
  "Madhu",
  "Mahesh",
  "Manisha",
  "Meena",
  "Mohan",
  "Naveen",
  "Neelam",
  "Nirmala",
  "Pallavi",
  "Pankaj",
  "Pooja",
  "Prakash",
  "Pratibha",
  "Rajesh",
  "Rakhi",
  "Ramesh",
  "Rashmi",
  "Ravi",
  "Rekha",
  "Sanjay",
  "Sarita",
  "Shalini",
  "Shankar",
  "Shobha",
  "Suresh",
  "Swati",
  "Tarun",
  "Uma",
  "Usha",
  "Varun",
  "Vandana",
  "Vijay",
  "Vinita",
  "Yamini",
  "Yogesh",
  "Zoya",
  "Éamon",
  "Renée",
  "Ishaan",
  "Tanvi",
  "Omkar",
  "Sneha",
  "Harpreet",
  "Gurleen",
  "Thenmozhi",
];
const surnames = [
  "Acharya",
  "Agarwal",
  "Bhat",
  "Banerjee",
  "Chauhan",
  "Chowdhury",
  "Das",
  "Deshmukh",
  "Dubey",
  "Gill",
  "Gowda",
  "Hegde",
  "Iyer",
  "Jadhav",
  "Joshi",
  "Kulkarni",
  "Kumar",
  "Mehta",
  "Menon",
  "Mishra",
  "Nair",
  "Pandey",
  "Patel",
  "Pillai",
  "Rao",
  "Reddy",
  "Saxena",
  "Sharma",
  "Shukla",
  "Singh",
  "Sinha",
  "Srivastava",
  "Thakur",
  "Tiwari",
  "Verma",
  "Yadav",
  "Bora",
  "Lyngdoh",
  "Sangma",
  "D'Souza",
];
const positions = [
  "Professor",
  "Associate Professor",
  "Assistant Professor",
  "Principal Scientist",
  "Senior Scientist",
  "Scientist",
  "Emeritus Scientist",
  "Research Associate",
  "Senior Research Fellow",
  "Head of Department",
  "Plant Breeder",
  "Director of Research",
];
// Institutions stand beside invented people; the addresses are made up too.
const places = [
  { university: "Punjab Agricultural University", city: "Ludhiana", state: "Punjab" },
  { university: "ICAR-Indian Agricultural Research Institute", city: "New Delhi", state: "Delhi" },
  { university: "Tamil Nadu Agricultural University", city: "Coimbatore", state: "Tamil Nadu" },
  { university: "University of Agricultural Sciences", city: "Bengaluru", state: "Karnataka" },
  { university: "University of Agricultural Sciences", city: "Dharwad", state: "Karnataka" },
  { university: "Kerala Agricultural University", city: "Thrissur", state: "Kerala" },
  { university: "Assam Agricultural University", city: "Jorhat", state: "Assam" },
  { university: "Bidhan Chandra Krishi Viswavidyalaya", city: "Mohanpur", state: "West Bengal" },
  { university: "Bihar Agricultural University", city: "Sabour", state: "Bihar" },
  { university: "Banaras Hindu University", city: "Varanasi", state: "Uttar Pradesh" },
  {
    university: "G. B. Pant University of Agriculture and Technology",
    city: "Pantnagar",
    state: "Uttarakhand",
  },
  { university: "Chaudhary Charan Singh Haryana Agricultural University", city: "Hisar", state: "Haryana" },
  { university: "Mahatma Phule Krishi Vidyapeeth", city: "Rahuri", state: "Maharashtra" },
  { university: "Anand Agricultural University", city: "Anand", state: "Gujarat" },
  { university: "Jawaharlal Nehru Krishi Vishwa Vidyalaya", city: "Jabalpur", state: "Madhya Pradesh" },
  { university: "Indira Gandhi Krishi Vishwavidyalaya", city: "Raipur", state: "Chhattisgarh" },
  { university: "Odisha University of Agriculture and Technology", city: "Bhubaneswar", state: "Odisha" },
  {
    university: "Professor Jayashankar Telangana Agricultural University",
    city: "Hyderabad",
    state: "Telangana",
  },
  { university: "Acharya N. G. Ranga Agricultural University", city: "Guntur", state: "Andhra Pradesh" },
  {
    university: "Sher-e-Kashmir University of Agricultural Sciences and Technology",
    city: "Srinagar",
    state: "Jammu and Kashmir",
  },
  { university: "CSK Himachal Pradesh Krishi Vishvavidyalaya", city: "Palampur", state: "Himachal Pradesh" },
  { university: "Swami Keshwanand Rajasthan Agricultural University", city: "Bikaner", state: "Rajasthan" },
  { university: "Central Agricultural University", city: "Imphal", state: "Manipur" },
  { university: "ICAR Research Complex for NEH Region", city: "Umiam", state: "Meghalaya" },
  { university: "Birsa Agricultural University", city: "Ranchi", state: "Jharkhand" },
  { university: "ICAR-Central Coastal Agricultural Research Institute", city: "Old Goa", state: "Goa" },
  { university: "ICAR-Central Rice Research Institute", city: "Cuttack", state: "Odisha" },
  { university: "ICAR-National Bureau of Plant Genetic Resources", city: "New Delhi", state: "Delhi" },
  { university: "Pondicherry University", city: "Puducherry", state: "Puducherry" },
];
const streets = [
  "Department of Genetics and Plant Breeding",
  "Division of Genetics",
  "Plant Breeding Unit",
  "Crop Improvement Division",
  "School of Agricultural Sciences",
];
const blocks = ["Block A", "Block B", "Room 12", "Room 214", "Campus Road", "Main Building", "Research Farm"];

/** Quotes a CSV cell when it must be (commas, quotes, line breaks). */
const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
const csv = (rows: string[][]) => `${rows.map((row) => row.map(cell).join(",")).join("\n")}\n`;

const members = Array.from({ length: MEMBERS }, (_, index) => {
  const first = pick(firstNames);
  const last = pick(surnames);
  const place = pick(places);
  const serial = String(index + 1).padStart(5, "0");
  const handle = `${first}.${last}`
    .normalize("NFD")
    .replace(/[^A-Za-z.]/g, "")
    .toLowerCase();
  return [
    `Dr. ${first} ${last}`,
    pick(positions),
    place.university,
    `${pick(streets)}, ${pick(blocks)}`,
    // Some members give only one address line, as in the real sheet.
    random() < 0.3 ? "" : `PIN 0${serial}`,
    place.city,
    place.state,
    `${handle}.${serial}@example.org`,
    `+91 90000 ${serial}`,
  ];
});
members.sort((a, b) => (a[0] ?? "").localeCompare(b[0] ?? "", "en"));

const fellows = Array.from({ length: FELLOWS }, (_, index) => {
  const first = pick(firstNames);
  const last = pick(surnames);
  const place = pick(places);
  const year = 2025 - Math.floor(index / 4);
  return [
    String(index + 1),
    `F-${String(100 + index).padStart(4, "0")}`,
    String(year),
    `Dr. ${first} ${last}`,
    pick(positions),
    place.university,
    `${pick(streets)}, ${place.city}, ${place.state}`,
  ];
});

await writeFile(
  "content/directory.csv",
  csv([
    ["NAME", "POSITION", "UNIVERSITY", "ADDRESS1", "ADDRESS2", "CITY", "STATE", "EMAIL", "MOBILE"],
    ...members,
  ]),
);
await writeFile(
  "content/fellows.csv",
  csv([
    ["Sl. No", "Fellow Number", "Fellow of the year", "Name", "Position", "University", "Address"],
    ...fellows,
  ]),
);
console.log(`wrote content/directory.csv (${MEMBERS} members) and content/fellows.csv (${FELLOWS} fellows)`);
