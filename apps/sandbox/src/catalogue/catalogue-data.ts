/**
 * Hand-written base lists of the sandbox hospital's revenue heads (Federal Teaching Hospital, a
 * made-up Nigerian teaching hospital). catalogue-builder.ts multiplies them by their variants into
 * the provider's service records. Prices are naira; keep the order of every list stable, because a
 * service's id is its department id × 1000 + its position.
 */

/** [name, naira, what it covers?, "open" when the payer types the price (naira is then the suggestion)] */
export type ItemSeed = readonly [name: string, naira: number, detail?: string, open?: "open"];

/** A priced variant of every item in a section, e.g. the urgent version of a laboratory test. */
export interface VariantSeed {
  suffix: string;
  price: (naira: number) => number;
  note?: string;
}

export interface SectionSeed {
  category: string;
  /** Sentence appended to every description in the section. */
  note: string;
  items: readonly ItemSeed[];
  variants?: readonly VariantSeed[];
}

export interface DepartmentSeed {
  id: number;
  name: string;
  /** Short code used in head codes, e.g. LAB in "FTH-LAB-012". */
  code: string;
  /** Consultation fees of the clinic, when it runs one: [clinic name, new-patient fee]. */
  clinic?: readonly [clinic: string, newPatientNaira: number];
  sections: readonly SectionSeed[];
}

/** Naira rounded like a tariff sheet: to ₦100 below ₦5,000, to ₦500 above. */
export function tariff(naira: number): number {
  const step = naira < 5_000 ? 100 : 500;
  return Math.round(naira / step) * step;
}

const URGENT: readonly VariantSeed[] = [
  { suffix: "", price: (n) => n, note: "Routine processing; result the same working day." },
  { suffix: " – urgent (STAT)", price: (n) => tariff(n * 1.5), note: "Urgent processing; result within 2 hours." },
];
const WITH_CONTRAST: readonly VariantSeed[] = [
  { suffix: " – plain", price: (n) => n },
  { suffix: " – with contrast", price: (n) => n + 30_000, note: "Includes the contrast medium and cannulation." },
];
const MRI_CONTRAST: readonly VariantSeed[] = [
  { suffix: "", price: (n) => n },
  { suffix: " – with gadolinium contrast", price: (n) => n + 40_000, note: "Includes the contrast medium." },
];
const SESSIONS: readonly VariantSeed[] = [
  { suffix: " – single session", price: (n) => n },
  {
    suffix: " – course of 6 sessions",
    price: (n) => tariff(n * 6 * 0.9),
    note: "Paid in advance: six sessions at a 10% discount.",
  },
  {
    suffix: " – course of 10 sessions",
    price: (n) => tariff(n * 10 * 0.85),
    note: "Paid in advance: ten sessions at a 15% discount.",
  },
];
const WARD_DAY: readonly VariantSeed[] = [
  { suffix: " – accommodation per day", price: (n) => n },
  {
    suffix: " – nursing care per day",
    price: (n) => tariff(n * 0.4),
    note: "Nursing care, observations and bedside procedures.",
  },
];

export const HOSPITAL_NAME = "Federal Teaching Hospital";

export const DEPARTMENTS: readonly DepartmentSeed[] = [
  {
    id: 1,
    name: "Health Records",
    code: "HRD",
    sections: [
      {
        category: "Registration",
        note: "Issued at the Health Records counter.",
        items: [
          ["New patient card (adult)", 2_000, "Registration and hospital card for a new adult patient"],
          ["New patient card (child)", 1_500, "Registration and hospital card for a child under 16"],
          ["Family card (up to 5 members)", 5_000, "One family folder for up to five members"],
          ["Card replacement (lost or damaged card)", 1_000],
          ["Card reactivation (dormant folder)", 1_000, "Reopening a folder unused for two years or more"],
          ["Retrieval of old case notes", 500],
          ["Records search fee", 1_000],
        ],
      },
      {
        category: "Certificates & Reports",
        note: "Ready within three working days of payment.",
        items: [
          ["Medical report", 10_000],
          ["Medical report (insurance or legal)", 25_000],
          ["Certified copy of case notes", 15_000],
          ["Notification of birth", 2_000],
          ["Death certificate", 5_000],
          ["Medical certificate of fitness", 5_000],
          ["Sick leave certificate", 2_000],
          ["Referral letter", 2_000],
        ],
      },
    ],
  },
  {
    id: 2,
    name: "General Outpatient (GOPD)",
    code: "GOP",
    clinic: ["GOPD", 3_500],
    sections: [
      {
        category: "Clinic Services",
        note: "Done at the General Outpatient Department.",
        items: [
          ["Vital signs and blood pressure check", 500],
          ["Injection administration fee", 500],
          ["Basic health check package", 25_000, "Consultation, FBC, urinalysis, fasting sugar, lipid profile and chest X-ray"],
          [
            "Executive health check package",
            120_000,
            "Full examination, laboratory panel, ECG, chest X-ray and abdominal ultrasound",
          ],
          ["Medical examination for travel or visa", 20_000],
          ["NHIS/HMO co-payment", 1_000, "The enrollee's share of a covered service; enter the amount on your slip", "open"],
        ],
      },
    ],
  },
  {
    id: 3,
    name: "Laboratory Services (Pathology)",
    code: "LAB",
    sections: [
      {
        category: "Haematology",
        note: "Blood sample taken at the main laboratory.",
        variants: URGENT,
        items: [
          ["Full blood count (FBC)", 4_000, "Haemoglobin, PCV, white cell count with differential and platelets"],
          ["Packed cell volume (PCV)", 1_000],
          ["Haemoglobin estimation", 1_000],
          ["Erythrocyte sedimentation rate (ESR)", 1_500],
          ["White blood cell count with differential", 2_000],
          ["Platelet count", 1_500],
          ["Blood film for malaria parasites", 1_500],
          ["Malaria rapid diagnostic test (mRDT)", 1_500],
          ["Blood group (ABO and Rhesus)", 2_000],
          ["Haemoglobin genotype (electrophoresis)", 3_000],
          ["Reticulocyte count", 2_000],
          ["Prothrombin time and INR", 5_000],
          ["Activated partial thromboplastin time (APTT)", 5_000],
          ["Clotting profile (PT, APTT, fibrinogen)", 12_000],
          ["Bleeding and clotting time", 2_000],
          ["Direct Coombs test", 5_000],
          ["Cross-matching (per unit of blood)", 5_000],
          ["G6PD screening", 5_000],
        ],
      },
      {
        category: "Chemical Pathology",
        note: "Serum or urine sample taken at the main laboratory.",
        variants: URGENT,
        items: [
          ["Electrolytes, urea and creatinine (E/U/Cr)", 6_000],
          ["Liver function test (LFT)", 8_000],
          ["Lipid profile", 9_000],
          ["Fasting blood sugar (FBS)", 1_500],
          ["Random blood sugar (RBS)", 1_500],
          ["Oral glucose tolerance test (OGTT)", 5_000],
          ["Glycated haemoglobin (HbA1c)", 8_000],
          ["Serum uric acid", 3_000],
          ["Serum calcium and phosphate", 5_000],
          ["Serum magnesium", 3_500],
          ["Total protein and albumin", 3_500],
          ["Serum amylase", 6_000],
          ["Cardiac troponin I", 15_000],
          ["Thyroid function test (TSH, FT4, FT3)", 18_000],
          ["Prostate-specific antigen (PSA)", 10_000],
          ["Iron studies (serum iron, TIBC, ferritin)", 12_000],
          ["Vitamin D (25-hydroxy)", 25_000],
          ["Urinalysis (dipstick)", 1_500],
          ["24-hour urine protein", 5_000],
          ["Creatinine clearance", 6_000],
        ],
      },
      {
        category: "Medical Microbiology",
        note: "Microscopy the same day; culture results within 72 hours.",
        items: [
          ["Urine microscopy, culture and sensitivity (M/C/S)", 5_000],
          ["Stool M/C/S", 5_000],
          ["Blood culture", 8_000],
          ["High vaginal swab M/C/S", 5_000],
          ["Endocervical swab M/C/S", 5_000],
          ["Urethral swab M/C/S", 5_000],
          ["Sputum M/C/S", 5_000],
          ["Sputum for acid-fast bacilli (AFB)", 3_000],
          ["Wound swab M/C/S", 5_000],
          ["Ear swab M/C/S", 5_000],
          ["Semen analysis", 6_000],
          ["Stool microscopy for ova and parasites", 2_000],
          ["Widal test", 2_000],
        ],
      },
      {
        category: "Immunology & Serology",
        note: "Blood sample taken at the main laboratory.",
        variants: URGENT,
        items: [
          ["HIV 1 and 2 screening", 2_500],
          ["Hepatitis B surface antigen (HBsAg)", 2_500],
          ["Hepatitis C antibody (anti-HCV)", 3_000],
          ["Hepatitis B profile (five panel)", 10_000],
          ["VDRL (syphilis screening)", 2_500],
          ["H. pylori stool antigen", 5_000],
          ["Urine pregnancy test", 1_500],
          ["Serum beta-hCG (quantitative)", 10_000],
          ["Rheumatoid factor", 4_000],
          ["C-reactive protein (CRP)", 5_000],
          ["Antistreptolysin O (ASO) titre", 4_000],
        ],
      },
      {
        category: "Histopathology",
        note: "Report within seven working days.",
        items: [
          ["Histology – small biopsy", 20_000],
          ["Histology – large surgical specimen", 35_000],
          ["Pap smear cytology", 8_000],
          ["Fine-needle aspiration cytology (FNAC)", 15_000],
          ["Frozen section", 45_000],
          ["Body fluid cytology", 10_000],
          ["Post-mortem examination (autopsy)", 100_000],
          [
            "Referral laboratory tests (as quoted)",
            0,
            "Tests sent to an outside laboratory; pay the amount on your quotation",
            "open",
          ],
        ],
      },
      {
        category: "Blood Bank",
        note: "Issued by the hospital blood bank.",
        items: [
          ["Screened blood (per unit)", 18_000, "One unit of screened, cross-matched whole blood"],
          ["Blood donor screening", 5_000],
          ["Blood products (as issued)", 0, "Platelets, plasma or packed cells as issued; pay the amount on your slip", "open"],
        ],
      },
    ],
  },
  {
    id: 4,
    name: "Radiology & Imaging",
    code: "RAD",
    sections: [
      {
        category: "X-ray",
        note: "Plain radiograph with a radiologist's report.",
        items: [
          ["Chest X-ray (PA view)", 8_500],
          ["Chest X-ray (PA and lateral)", 12_000],
          ["Skull X-ray (two views)", 9_000],
          ["Cervical spine X-ray", 9_000],
          ["Thoracic spine X-ray", 9_500],
          ["Lumbosacral spine X-ray", 10_000],
          ["Pelvis X-ray", 9_000],
          ["Hip X-ray (one side)", 8_500],
          ["Shoulder X-ray", 8_000],
          ["Humerus X-ray", 7_500],
          ["Elbow X-ray", 7_000],
          ["Forearm X-ray", 7_000],
          ["Wrist X-ray", 7_000],
          ["Hand X-ray", 7_000],
          ["Femur X-ray", 8_000],
          ["Knee X-ray", 8_000],
          ["Leg (tibia and fibula) X-ray", 8_000],
          ["Ankle X-ray", 7_000],
          ["Foot X-ray", 7_000],
          ["Abdominal X-ray (erect and supine)", 10_000],
          ["Paranasal sinuses X-ray", 8_000],
          ["Post-nasal space X-ray", 8_000],
          ["Mandible X-ray", 8_000],
        ],
      },
      {
        category: "Ultrasound",
        note: "Scan with a sonologist's report.",
        items: [
          ["Abdominal ultrasound", 10_000],
          ["Pelvic ultrasound", 8_000],
          ["Abdomino-pelvic ultrasound", 15_000],
          ["Obstetric ultrasound (single fetus)", 8_000],
          ["Obstetric ultrasound (twins)", 12_000],
          ["Transvaginal ultrasound", 12_000],
          ["Breast ultrasound (both breasts)", 15_000],
          ["Thyroid and neck ultrasound", 12_000],
          ["Scrotal ultrasound", 12_000],
          ["Prostate ultrasound (transabdominal)", 10_000],
          ["Renal ultrasound", 8_000],
          ["Soft tissue ultrasound", 8_000],
          ["Doppler ultrasound – lower limb veins", 25_000],
          ["Doppler ultrasound – carotid arteries", 25_000],
          ["Follicle tracking (per session)", 6_000],
        ],
      },
      {
        category: "CT Scan",
        note: "Computed tomography with a radiologist's report and images on CD.",
        variants: WITH_CONTRAST,
        items: [
          ["CT brain", 85_000],
          ["CT paranasal sinuses", 80_000],
          ["CT orbits", 85_000],
          ["CT neck", 95_000],
          ["CT chest", 110_000],
          ["CT abdomen", 120_000],
          ["CT pelvis", 110_000],
          ["CT abdomen and pelvis", 150_000],
          ["CT cervical spine", 90_000],
          ["CT lumbar spine", 95_000],
        ],
      },
      {
        category: "CT Scan",
        note: "Computed tomography with a radiologist's report and images on CD.",
        items: [
          ["CT urography", 180_000],
          ["CT angiography (peripheral)", 200_000],
          ["CT coronary angiography", 250_000],
        ],
      },
      {
        category: "MRI",
        note: "Magnetic resonance imaging with a radiologist's report.",
        variants: MRI_CONTRAST,
        items: [
          ["MRI brain", 180_000],
          ["MRI pelvis", 200_000],
          ["MRI abdomen", 220_000],
        ],
      },
      {
        category: "MRI",
        note: "Magnetic resonance imaging with a radiologist's report.",
        items: [
          ["MRI cervical spine", 180_000],
          ["MRI lumbosacral spine", 180_000],
          ["MRI whole spine", 350_000],
          ["MRI knee", 170_000],
          ["MRI shoulder", 170_000],
          ["MR cholangiopancreatography (MRCP)", 220_000],
        ],
      },
      {
        category: "Special Procedures",
        note: "Booked with the Radiology front desk.",
        items: [
          ["Mammography (both breasts)", 25_000],
          ["Hysterosalpingography (HSG)", 30_000],
          ["Intravenous urography (IVU)", 35_000],
          ["Barium swallow", 30_000],
          ["Barium meal and follow-through", 35_000],
          ["Barium enema", 40_000],
          ["Micturating cystourethrogram (MCUG)", 35_000],
          ["Retrograde urethrogram", 30_000],
          ["Fistulogram", 30_000],
          ["Bone densitometry (DEXA)", 35_000],
          ["Copy of images on CD", 3_000],
          ["Review of outside films with report", 5_000],
          ["Contrast medium (as used)", 0, "Contrast used in your study; pay the amount on your bill", "open"],
          [
            "Interventional radiology procedure (as quoted)",
            0,
            "Image-guided drainage, biopsy or embolisation; pay the amount on your quotation",
            "open",
          ],
        ],
      },
    ],
  },
  {
    id: 5,
    name: "Pharmacy",
    code: "PHA",
    sections: [
      {
        category: "Drugs",
        note: "Dispensed at the main pharmacy on presentation of the receipt.",
        items: [
          ["Drugs (as prescribed)", 0, "Drugs on your prescription; pay the amount priced by the pharmacist", "open"],
          ["Cancer chemotherapy drugs (as prescribed)", 0, "Oncology drugs priced per cycle by the pharmacist", "open"],
          ["Paracetamol 500 mg tablets × 20", 500],
          ["Paracetamol syrup 120 mg/5 ml, 60 ml", 600],
          ["Ibuprofen 400 mg tablets × 20", 800],
          ["Amoxicillin 500 mg capsules × 21", 3_500],
          ["Amoxicillin–clavulanate 625 mg tablets × 14", 9_500],
          ["Ciprofloxacin 500 mg tablets × 10", 3_000],
          ["Metronidazole 400 mg tablets × 21", 1_500],
          ["Artemether–lumefantrine 80/480 mg × 6", 3_500],
          ["Artesunate injection 60 mg (per vial)", 4_500],
          ["Ceftriaxone injection 1 g (per vial)", 2_500],
          ["Oral rehydration salts (per sachet)", 300],
          ["Zinc sulphate 20 mg tablets × 10", 800],
          ["Ferrous sulphate and folic acid × 30", 1_000],
          ["Omeprazole 20 mg capsules × 14", 2_000],
          ["Amlodipine 10 mg tablets × 30", 2_500],
          ["Lisinopril 10 mg tablets × 28", 3_000],
          ["Metformin 500 mg tablets × 30", 2_000],
          ["Premixed insulin 70/30, 10 ml vial", 12_000],
          ["Salbutamol inhaler 100 mcg", 4_500],
          ["Cetirizine 10 mg tablets × 10", 600],
          ["Diclofenac injection 75 mg (per ampoule)", 500],
          ["Oxytocin injection 10 IU (per ampoule)", 800],
          ["Magnesium sulphate 50% injection (per ampoule)", 1_500],
          ["Anti-tetanus serum (ATS) 1,500 IU", 3_500],
        ],
      },
      {
        category: "Intravenous Fluids",
        note: "Dispensed at the main pharmacy.",
        items: [
          ["Normal saline 0.9%, 500 ml", 1_200],
          ["Dextrose 5%, 500 ml", 1_200],
          ["Dextrose saline, 500 ml", 1_200],
          ["Ringer's lactate, 500 ml", 1_300],
          ["Giving set and cannula", 1_500],
        ],
      },
      {
        category: "Consumables",
        note: "Items used in your care, priced on your bill.",
        items: [
          ["Consumables", 0, "Gloves, syringes, dressings and other items used; pay the amount on your bill", "open"],
          ["Intravenous fluids and giving sets (as used)", 0, "Fluids used on the ward; pay the amount on your bill", "open"],
        ],
      },
    ],
  },
  {
    id: 6,
    name: "Obstetrics & Gynaecology (Maternity)",
    code: "OBG",
    clinic: ["Obstetrics & Gynaecology", 5_000],
    sections: [
      {
        category: "Antenatal & Postnatal Care",
        note: "At the Maternity clinic.",
        items: [
          ["Antenatal booking (registration and first visit)", 15_000],
          ["Antenatal clinic visit", 3_000],
          ["Antenatal package (booking to delivery)", 85_000, "All antenatal visits, routine tests and two obstetric scans"],
          ["Booking investigations package", 25_000, "FBC, genotype, blood group, HIV, HBsAg, VDRL and urinalysis"],
          ["Cardiotocography (non-stress test)", 8_000],
          ["Postnatal clinic visit", 3_000],
          [
            "Antenatal drugs and supplements (as prescribed)",
            0,
            "Haematinics and other antenatal drugs; pay the amount priced by the pharmacist",
            "open",
          ],
          ["Labour ward deposit", 50_000, "Deposit at admission in labour; the balance is settled at discharge", "open"],
        ],
      },
      {
        category: "Delivery",
        note: "Includes the labour ward and the first 24 hours of care.",
        items: [
          ["Normal (spontaneous vaginal) delivery", 60_000],
          ["Assisted vaginal delivery (vacuum)", 90_000],
          ["Twin delivery", 100_000],
          ["Elective caesarean section", 350_000],
          ["Emergency caesarean section", 400_000],
          ["Episiotomy or perineal tear repair", 15_000],
          ["Manual removal of placenta", 40_000],
          ["Delivery consumables (as used)", 0, "Delivery pack items used; pay the amount on your bill", "open"],
        ],
      },
      {
        category: "Gynaecological Procedures",
        note: "Theatre, anaesthesia and the surgeon's fee included.",
        items: [
          ["Manual vacuum aspiration (MVA)", 50_000],
          ["Dilatation and curettage (D&C)", 60_000],
          ["Cervical cerclage", 80_000],
          ["Colposcopy", 20_000],
          ["Myomectomy", 450_000],
          ["Total abdominal hysterectomy", 500_000],
          ["Ovarian cystectomy", 350_000],
          ["Salpingectomy for ectopic pregnancy", 300_000],
        ],
      },
      {
        category: "Family Planning",
        note: "At the Family Planning clinic.",
        items: [
          ["Intrauterine device (IUD) insertion", 5_000],
          ["Contraceptive implant insertion", 3_000],
          ["Contraceptive implant removal", 3_000],
          ["Injectable contraceptive (3-monthly)", 1_000],
        ],
      },
    ],
  },
  {
    id: 7,
    name: "Paediatrics",
    code: "PAE",
    clinic: ["Paediatrics", 4_000],
    sections: [
      {
        category: "Newborn Care",
        note: "At the Special Care Baby Unit.",
        items: [
          ["Special care baby unit (SCBU) – per day", 15_000],
          ["Incubator care – per day", 10_000],
          ["Phototherapy – per day", 8_000],
          ["Exchange blood transfusion", 60_000],
          ["Neonatal resuscitation", 20_000],
          ["Newborn hearing screening", 6_000],
          ["Neonatal circumcision", 15_000],
        ],
      },
      {
        category: "Children's Emergency",
        note: "At the Children's Emergency Room.",
        items: [
          ["Paediatric observation – per day", 10_000],
          ["Paediatric oxygen therapy – per day", 12_000],
          ["Nebulisation (per session)", 2_500],
          ["Lumbar puncture", 10_000],
          ["Growth monitoring and nutrition counselling", 2_000],
          [
            "Paediatric drugs (as prescribed)",
            0,
            "Children's drugs on your prescription; pay the amount priced by the pharmacist",
            "open",
          ],
        ],
      },
    ],
  },
  {
    id: 8,
    name: "Dental Clinic",
    code: "DEN",
    clinic: ["Dental", 3_500],
    sections: [
      {
        category: "Preventive & Restorative Dentistry",
        note: "At the Dental Clinic.",
        items: [
          ["Scaling and polishing", 15_000],
          ["Deep scaling and root planing (per quadrant)", 10_000],
          ["Topical fluoride application", 5_000],
          ["Fissure sealant (per tooth)", 5_000],
          ["Amalgam filling (per tooth)", 10_000],
          ["Composite filling (per tooth)", 15_000],
          ["Glass ionomer filling (per tooth)", 12_000],
          ["Pulpotomy (child)", 15_000],
          ["Root canal treatment – anterior tooth", 40_000],
          ["Root canal treatment – premolar", 50_000],
          ["Root canal treatment – molar", 65_000],
          ["Teeth whitening (in-office)", 70_000],
        ],
      },
      {
        category: "Oral Surgery",
        note: "Local anaesthesia included.",
        items: [
          ["Simple extraction (per tooth)", 8_000],
          ["Surgical extraction (per tooth)", 25_000],
          ["Disimpaction of third molar", 45_000],
          ["Incision and drainage of dental abscess", 15_000],
          ["Splinting of mobile teeth", 25_000],
          ["Dental consumables (as used)", 0, "Materials used in your treatment; pay the amount on your bill", "open"],
        ],
      },
      {
        category: "Prosthodontics & Orthodontics",
        note: "Laboratory work included unless stated.",
        items: [
          ["Porcelain-fused-to-metal crown (per unit)", 80_000],
          ["Zirconia crown (per unit)", 150_000],
          ["Acrylic partial denture (1 to 3 teeth)", 35_000],
          ["Acrylic complete denture (upper or lower)", 90_000],
          ["Flexible partial denture", 80_000],
          ["Orthodontic assessment and records", 25_000],
          ["Removable orthodontic appliance", 60_000],
          ["Fixed orthodontic appliance (per arch)", 350_000],
          ["Dental laboratory work (as quoted)", 0, "Outside laboratory work; pay the amount on your quotation", "open"],
        ],
      },
      {
        category: "Dental Imaging",
        note: "Taken in the Dental Clinic.",
        items: [
          ["Periapical X-ray (per film)", 3_000],
          ["Orthopantomogram (OPG)", 12_000],
        ],
      },
    ],
  },
  {
    id: 9,
    name: "Eye Clinic (Ophthalmology)",
    code: "OPH",
    clinic: ["Eye Clinic", 4_000],
    sections: [
      {
        category: "Eye Tests",
        note: "At the Eye Clinic.",
        items: [
          ["Visual acuity and refraction", 5_000],
          ["Intraocular pressure (tonometry)", 3_000],
          ["Dilated fundus examination", 5_000],
          ["Gonioscopy", 5_000],
          ["Visual field test (perimetry)", 15_000],
          ["Optical coherence tomography (OCT)", 30_000],
          ["Fundus photography", 15_000],
          ["Biometry (A-scan)", 15_000],
          ["Contact lens fitting", 20_000],
          [
            "Eye drops and ophthalmic drugs (as prescribed)",
            0,
            "Drugs on your eye prescription; pay the amount priced by the pharmacist",
            "open",
          ],
          [
            "Spectacles (frame and lenses as selected)",
            0,
            "Pay the amount quoted by the optician for your frame and lenses",
            "open",
          ],
        ],
      },
      {
        category: "Eye Surgery",
        note: "Theatre and the surgeon's fee included.",
        items: [
          ["Cataract surgery – manual small incision (SICS) with lens", 150_000],
          ["Cataract surgery – phacoemulsification with foldable lens", 350_000],
          ["Trabeculectomy", 180_000],
          ["Pterygium excision with conjunctival graft", 80_000],
          ["Chalazion incision and curettage", 25_000],
          ["Removal of corneal foreign body", 8_000],
          ["Retinal laser photocoagulation (per session)", 60_000],
          ["Intravitreal injection (per eye)", 90_000],
          [
            "Premium intraocular lens (as quoted)",
            0,
            "Toric or multifocal lens instead of the standard one; pay the difference quoted",
            "open",
          ],
        ],
      },
    ],
  },
  {
    id: 10,
    name: "Physiotherapy",
    code: "PHY",
    sections: [
      {
        category: "Assessment",
        note: "At the Physiotherapy Department.",
        items: [
          ["Physiotherapy assessment", 5_000],
          [
            "Physiotherapy home visit",
            20_000,
            "A physiotherapist treats you at home within the city; the fee depends on distance",
            "open",
          ],
          [
            "Orthotics and assistive devices (as quoted)",
            0,
            "Braces, crutches, walking frames; pay the amount on your quotation",
            "open",
          ],
        ],
      },
      {
        category: "Therapy Sessions",
        note: "Each session lasts about 45 minutes.",
        variants: SESSIONS,
        items: [
          ["Exercise therapy", 5_000],
          ["Electrotherapy (TENS or interferential)", 6_000],
          ["Therapeutic ultrasound", 6_000],
          ["Cervical traction", 6_000],
          ["Lumbar traction", 7_000],
          ["Manual therapy and joint mobilisation", 7_000],
          ["Stroke rehabilitation", 8_000],
          ["Paediatric neurodevelopmental therapy", 6_000],
          ["Chest physiotherapy", 5_000],
          ["Post-operative rehabilitation", 7_000],
          ["Sports injury rehabilitation", 8_000],
          ["Infrared heat therapy", 4_000],
        ],
      },
    ],
  },
  {
    id: 11,
    name: "Admissions & Wards",
    code: "WRD",
    sections: [
      {
        category: "Accommodation",
        note: "Charged per day from admission to discharge.",
        variants: WARD_DAY,
        items: [
          ["General ward (open ward)", 5_000],
          ["Semi-private room (two beds)", 10_000],
          ["Private room", 20_000],
          ["Amenity suite", 40_000],
          ["Intensive care unit (ICU)", 60_000],
          ["High dependency unit (HDU)", 35_000],
          ["Isolation room", 25_000],
          ["Maternity ward", 6_000],
          ["Paediatric ward", 5_000],
          ["Surgical ward", 5_000],
        ],
      },
      {
        category: "Ward Services",
        note: "Provided on the ward.",
        items: [
          ["Hospital diet – per day", 3_500],
          ["Doctor's ward round – per day", 3_000],
          ["Oxygen therapy – per hour", 2_000],
          ["Oxygen therapy – per day", 25_000],
          ["Bedside blood glucose check", 500],
          ["Urethral catheterisation", 5_000],
          ["Nasogastric tube insertion", 4_000],
          ["Wound dressing on the ward", 3_000],
        ],
      },
      {
        category: "Deposits & Bills",
        note: "Paid at the Cash Office or here; quote your hospital number.",
        items: [
          ["Deposit for admission", 0, "Deposit asked for at admission; enter the amount on your admission slip", "open"],
          ["Part payment of hospital bill", 0, "Any amount towards an open in-patient bill", "open"],
          ["Outstanding bill balance", 0, "The balance on your discharge bill", "open"],
          ["Ward consumables (as used)", 0, "Items used on the ward; pay the amount on your bill", "open"],
        ],
      },
      {
        category: "Mortuary",
        note: "At the hospital mortuary.",
        items: [
          ["Mortuary – per day", 5_000],
          ["Embalmment", 50_000],
        ],
      },
    ],
  },
  {
    id: 12,
    name: "Theatre & Surgery",
    code: "SUR",
    clinic: ["General Surgery", 5_000],
    sections: [
      {
        category: "Surgery",
        note: "Surgeon's fee; theatre and anaesthesia are billed separately.",
        items: [
          ["Inguinal herniorrhaphy", 180_000],
          ["Appendicectomy", 250_000],
          ["Exploratory laparotomy", 350_000],
          ["Open cholecystectomy", 400_000],
          ["Laparoscopic cholecystectomy", 600_000],
          ["Thyroidectomy", 450_000],
          ["Mastectomy", 400_000],
          ["Lumpectomy (breast)", 120_000],
          ["Excision of lipoma", 60_000],
          ["Excision biopsy", 50_000],
          ["Incision and drainage of abscess", 25_000],
          ["Haemorrhoidectomy", 200_000],
          ["Adult circumcision", 50_000],
          ["Hydrocelectomy", 150_000],
          ["Open prostatectomy", 600_000],
          ["Transurethral resection of the prostate (TURP)", 650_000],
          ["Split skin graft", 250_000],
          ["Wound debridement", 60_000],
          ["Below-knee amputation", 350_000],
          ["Colostomy", 400_000],
        ],
      },
      {
        category: "Endoscopy",
        note: "In the endoscopy suite, with sedation.",
        items: [
          ["Upper GI endoscopy (gastroscopy)", 60_000],
          ["Colonoscopy", 90_000],
          ["Cystoscopy", 80_000],
        ],
      },
      {
        category: "Theatre & Anaesthesia",
        note: "Billed with every operation.",
        items: [
          ["Theatre fee – minor operation", 30_000],
          ["Theatre fee – intermediate operation", 60_000],
          ["Theatre fee – major operation", 120_000],
          ["Local anaesthesia", 10_000],
          ["Spinal anaesthesia", 40_000],
          ["General anaesthesia", 80_000],
          ["Deposit for surgery", 0, "Deposit asked for before a booked operation; enter the amount on your slip", "open"],
          [
            "Implants and prostheses (as quoted)",
            0,
            "Mesh, plates, joints and other implants; pay the amount on your quotation",
            "open",
          ],
          ["Anaesthetic drugs (as used)", 0, "Drugs used by the anaesthetist; pay the amount on your bill", "open"],
          ["Theatre consumables (as used)", 0, "Sutures, drapes and other theatre items; pay the amount on your bill", "open"],
        ],
      },
    ],
  },
  {
    id: 13,
    name: "Ear, Nose & Throat (ENT)",
    code: "ENT",
    clinic: ["ENT", 4_000],
    sections: [
      {
        category: "ENT Procedures",
        note: "At the ENT clinic.",
        items: [
          ["Ear syringing", 5_000],
          ["Pure tone audiometry", 12_000],
          ["Tympanometry", 10_000],
          ["Otoacoustic emissions test", 15_000],
          ["Nasal endoscopy", 25_000],
          ["Removal of foreign body from ear or nose", 10_000],
          ["Anterior nasal packing", 8_000],
          ["Antral washout", 40_000],
          ["Hearing aid (per ear)", 250_000, "Digital hearing aid with fitting; the price depends on the model", "open"],
        ],
      },
      {
        category: "ENT Surgery",
        note: "Theatre and the surgeon's fee included.",
        items: [
          ["Tonsillectomy", 150_000],
          ["Adenoidectomy", 150_000],
          ["Adenotonsillectomy", 200_000],
          ["Myringotomy with grommet insertion", 180_000],
          ["Septoplasty", 250_000],
          ["Direct laryngoscopy", 120_000],
          ["Tracheostomy", 200_000],
        ],
      },
    ],
  },
  {
    id: 14,
    name: "Accident & Emergency",
    code: "EMR",
    sections: [
      {
        category: "Emergency Care",
        note: "At the Accident & Emergency unit, open 24 hours.",
        items: [
          ["Emergency registration and triage", 3_000],
          ["Emergency consultation", 5_000],
          ["Observation bed – per 24 hours", 10_000],
          ["Resuscitation (per episode)", 25_000],
          ["Intravenous cannulation", 2_000],
          ["Intravenous infusion set-up", 3_000],
          ["Nebulisation", 3_000],
          ["Oxygen – per hour", 2_000],
          ["Urethral catheterisation (emergency)", 5_000],
          ["Tetanus prophylaxis", 3_500],
          [
            "Emergency drugs and consumables (as used)",
            0,
            "Drugs and items used in the emergency unit; pay the amount on your bill",
            "open",
          ],
          ["Emergency deposit", 0, "Deposit asked for at the emergency unit; enter the amount on your slip", "open"],
        ],
      },
      {
        category: "Wound Care",
        note: "Dressing materials included.",
        items: [
          ["Wound dressing – small", 2_000],
          ["Wound dressing – medium", 3_500],
          ["Wound dressing – large", 6_000],
          ["Suturing – up to 5 stitches", 5_000],
          ["Suturing – 6 to 10 stitches", 8_000],
          ["Suturing – more than 10 stitches", 12_000],
        ],
      },
      {
        category: "Ambulance",
        note: "Hospital ambulance with a nurse.",
        items: [
          ["Ambulance service – within the city", 20_000],
          [
            "Ambulance service – outside the city",
            50_000,
            "Priced by distance; enter the amount quoted by the ambulance desk",
            "open",
          ],
        ],
      },
    ],
  },
  {
    id: 15,
    name: "Cardiology",
    code: "CAR",
    clinic: ["Cardiology", 5_000],
    sections: [
      {
        category: "Cardiac Investigations",
        note: "At the Cardiology unit.",
        items: [
          ["Electrocardiogram (12-lead ECG)", 7_500],
          ["Echocardiography (transthoracic)", 30_000],
          ["Paediatric echocardiography", 35_000],
          ["Echocardiography with bubble study", 40_000],
          ["24-hour Holter monitoring", 45_000],
          ["24-hour ambulatory blood pressure monitoring", 35_000],
          ["Exercise stress test (treadmill)", 50_000],
        ],
      },
      {
        category: "Cardiac Procedures",
        note: "In the cardiac procedure room.",
        items: [
          ["Electrical cardioversion", 80_000],
          ["Temporary cardiac pacing", 250_000],
          ["Pericardiocentesis", 150_000],
          ["Pacemaker and cardiac devices (as quoted)", 0, "Device cost on your quotation, paid before the procedure", "open"],
        ],
      },
    ],
  },
  {
    id: 16,
    name: "Dermatology",
    code: "DER",
    clinic: ["Dermatology", 4_000],
    sections: [
      {
        category: "Skin Procedures",
        note: "At the Dermatology clinic.",
        items: [
          ["Skin biopsy", 20_000],
          ["Skin scraping for fungi (KOH)", 3_000],
          ["Wood's lamp examination", 3_000],
          ["Patch test", 20_000],
          ["Cryotherapy (per session)", 15_000],
          ["Electrocautery of warts", 20_000],
          ["Chemical peel (per session)", 30_000],
          ["Intralesional steroid injection for keloid", 10_000],
          ["Excision of skin tag or mole", 15_000],
          ["Acne extraction", 10_000],
        ],
      },
    ],
  },
  {
    id: 17,
    name: "Psychiatry & Mental Health",
    code: "PSY",
    clinic: ["Psychiatry", 4_000],
    sections: [
      {
        category: "Mental Health Services",
        note: "At the Mental Health clinic.",
        items: [
          ["Psychotherapy session", 10_000],
          ["Cognitive behavioural therapy (per session)", 12_000],
          ["Family therapy session", 15_000],
          ["Psychological assessment", 20_000],
          ["Electroconvulsive therapy (per session)", 25_000],
          ["Drug rehabilitation programme – per week", 60_000],
          ["Urine drug screen", 8_000],
          ["Psychiatric report for court", 50_000],
        ],
      },
    ],
  },
  {
    id: 18,
    name: "Nephrology & Dialysis",
    code: "NEP",
    clinic: ["Nephrology", 5_000],
    sections: [
      {
        category: "Dialysis",
        note: "At the Dialysis unit.",
        items: [
          ["Haemodialysis session", 45_000],
          ["Haemodialysis starter pack (first session and catheter)", 150_000],
          ["Peritoneal dialysis – per day", 30_000],
          ["Femoral dialysis catheter insertion", 60_000],
          ["Internal jugular dialysis catheter insertion", 80_000],
          ["Arteriovenous fistula creation", 350_000],
          ["Renal biopsy", 100_000],
          ["Dialysis consumables (as used)", 0, "Dialysers, lines and other items used; pay the amount on your bill", "open"],
        ],
      },
    ],
  },
  {
    id: 19,
    name: "Orthopaedics & Trauma",
    code: "ORT",
    clinic: ["Orthopaedics", 5_000],
    sections: [
      {
        category: "Casts & Traction",
        note: "In the Orthopaedic plaster room.",
        items: [
          ["Plaster of Paris – below elbow", 15_000],
          ["Plaster of Paris – above elbow", 20_000],
          ["Plaster of Paris – below knee", 20_000],
          ["Plaster of Paris – above knee", 30_000],
          ["Hip spica", 45_000],
          ["Plaster backslab", 10_000],
          ["Removal of plaster cast", 3_000],
          ["Skin traction", 15_000],
          ["Skeletal traction", 50_000],
          ["Cervical collar", 8_000, "Soft or rigid collar; the price depends on the type supplied", "open"],
        ],
      },
      {
        category: "Orthopaedic Surgery",
        note: "Surgeon's fee; implants are paid separately.",
        items: [
          ["Manipulation under anaesthesia", 50_000],
          ["Open reduction and internal fixation – forearm", 350_000],
          ["Open reduction and internal fixation – tibia", 400_000],
          ["Open reduction and internal fixation – femur", 450_000],
          ["Removal of implants", 150_000],
          ["Knee arthroscopy", 450_000],
          ["Total hip replacement", 2_500_000],
          ["Total knee replacement", 2_500_000],
          ["Intra-articular injection", 15_000],
          [
            "Orthopaedic implants (as quoted)",
            0,
            "Plates, nails and joints on your quotation, paid before the operation",
            "open",
          ],
        ],
      },
    ],
  },
  {
    id: 20,
    name: "Community Health & Immunisation",
    code: "COM",
    sections: [
      {
        category: "Vaccines",
        note: "Given at the Immunisation clinic; the vaccine is included.",
        items: [
          ["Hepatitis B vaccine (adult, per dose)", 5_000],
          ["Yellow fever vaccine with certificate", 10_000],
          ["Typhoid vaccine", 8_000],
          ["HPV vaccine (per dose)", 25_000],
          ["Meningococcal vaccine", 12_000],
          ["Pneumococcal vaccine (adult)", 25_000],
          ["Influenza vaccine", 15_000],
          ["Rabies vaccine, post-exposure (per dose)", 15_000],
          ["Tetanus toxoid", 1_000],
        ],
      },
      {
        category: "Medical Examinations",
        note: "At the Staff and Community Health clinic.",
        items: [
          ["Pre-employment medical examination", 25_000],
          ["Student medical examination", 8_000],
          ["Food handler's screening", 10_000],
          ["Family planning counselling", 1_000],
          ["Donation to the hospital endowment fund", 5_000, "Any amount you wish to give; thank you", "open"],
        ],
      },
    ],
  },
];
